from pyflink.table import EnvironmentSettings, TableEnvironment

def make():
    return TableEnvironment.create(EnvironmentSettings.in_streaming_mode())

t_env = make()
print("before")
t_env.execute_sql(undefined_name)
