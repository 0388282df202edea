# The catalog side of a TableEnvironment: current catalog and database,
# listings, USE, drops; a result's schema.
from pyflink.table import EnvironmentSettings, TableEnvironment

t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
print(t_env.get_current_catalog(), t_env.get_current_database(), t_env.list_catalogs(), t_env.list_databases())
t_env.execute_sql("CREATE DATABASE shop")
t_env.use_database("shop")
t_env.execute_sql("CREATE TABLE t (id INT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '1')")
t_env.execute_sql("CREATE TEMPORARY VIEW v AS SELECT id FROM t")
print(t_env.get_current_database(), t_env.list_tables(), t_env.list_views(), t_env.list_modules())
print(t_env.drop_temporary_view("v"), t_env.drop_temporary_view("v"), t_env.list_views())
result = t_env.execute_sql("SELECT id, name FROM t")
print(result.get_table_schema().get_field_names(), result.get_table_schema().get_field_count())
result.wait()
print(len(t_env.list_functions()) > 100)
