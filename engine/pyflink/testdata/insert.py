# An INSERT: execute_sql submits the job; wait() waits for it; print()
# shows one -1 per sink. A statement set writes two tables in one job.
from pyflink.table import EnvironmentSettings, TableEnvironment

t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
t_env.get_config().set("parallelism.default", "1")
print(t_env.get_config().get("parallelism.default"))
t_env.execute_sql("CREATE TABLE src (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '3', "
                  "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3')")
t_env.execute_sql("CREATE TABLE out1 (id INT) WITH ('connector' = 'print')")
t_env.execute_sql("CREATE TABLE out2 (id INT) WITH ('connector' = 'blackhole')")
t_env.execute_sql("INSERT INTO out1 SELECT id * 10 FROM src").wait()
t_env.execute_sql("INSERT INTO out2 SELECT id FROM src").print()

stmt_set = t_env.create_statement_set()
stmt_set.add_insert_sql("INSERT INTO out1 SELECT id FROM src WHERE id = 2")
stmt_set.add_insert("out2", t_env.from_path("src"))
stmt_set.execute().print()

t_env.create_temporary_view("doubled", t_env.sql_query("SELECT id * 2 AS d FROM src"))
t_env.from_path("doubled").execute().print()
print(t_env.list_views())
