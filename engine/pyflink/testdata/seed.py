# max-rows: 5
# The seed's program (../shared/seed/my_job.py), as a user saves it.
from pyflink.table import TableEnvironment, EnvironmentSettings

settings = EnvironmentSettings.in_streaming_mode()
t_env = TableEnvironment.create(settings)

t_env.execute_sql("""CREATE TABLE MySource (id INT,name STRING) WITH ('connector' = 'datagen')
""")

t_env.execute_sql("SELECT * FROM MySource").print()
