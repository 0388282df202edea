# A statement Flink refuses: PyFlink re-raises the Java exception as
# py4j's Py4JJavaError, unless pyflink.util.exceptions maps its class.
from pyflink.table import EnvironmentSettings, TableEnvironment
from py4j.protocol import Py4JJavaError
from pyflink.util.exceptions import TableException

t_env = TableEnvironment.create(EnvironmentSettings.in_streaming_mode())
try:
    t_env.execute_sql("SELECT nope FROM nowhere")
except Py4JJavaError as e:
    print("caught:", str(e).split("\n")[1][:60])

t_env.execute_sql("CREATE TABLE t (a INT) WITH ('connector' = 'datagen')")
try:
    t_env.execute_sql("CREATE TABLE t (a INT) WITH ('connector' = 'datagen')")
except Exception as e:
    print(type(e).__name__)
t_env.execute_sql("SELEC 1")
