# The exception a TableEnvironment call raises is the one Flink throws at
# the top, not the root cause the SQL client prints: the parser's wrapped
# in SqlParserException, Calcite's validator's in ValidationException with
# the span of the node it is about.
from pyflink.table import EnvironmentSettings, TableEnvironment
from py4j.protocol import Py4JJavaError

t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
t_env.execute_sql("CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '1')")
for stmt in ["SELECT * FROM nowhere",
             "SELECT nope FROM t",
             "SELECT a,\n  UPPER(a, b) FROM t",
             "SELEC 1",
             "SELECT a FROM"]:
    try:
        t_env.execute_sql(stmt)
    except Py4JJavaError as e:
        print(str(e).split("\n", 1)[1])
        print("--")
