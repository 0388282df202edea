from pyflink.table import EnvironmentSettings
x = (1,
print("never")
