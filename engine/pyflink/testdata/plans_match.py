# A Table API pipeline plans as the SQL it stands for: for pipelines like
# those of Flink's Python Table API docs, the optimized plans of
# Table.explain() and of explain_sql() of the SQL are the same.
from pyflink.table import EnvironmentSettings, TableEnvironment
from pyflink.table.expressions import col, lit, row_interval
from pyflink.table.window import Tumble, Over

t_env = TableEnvironment.create(EnvironmentSettings.in_streaming_mode())
t_env.execute_sql("""
    CREATE TABLE orders (
        a STRING, b INT, c DOUBLE, rowtime TIMESTAMP(3),
        WATERMARK FOR rowtime AS rowtime - INTERVAL '1' SECOND
    ) WITH ('connector' = 'datagen', 'number-of-rows' = '10')""")
t_env.execute_sql("CREATE TABLE customers (id INT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')")
orders = t_env.from_path("orders")
customers = t_env.from_path("customers")


def optimized(plan):
    return plan[plan.index("== Optimized Physical Plan =="):]


pipelines = [
    ("select and filter",
     orders.filter(col("b") > 10).select(col("a"), col("c") * 2),
     "SELECT a, c * 2 AS _c1 FROM orders WHERE b > 10"),
    ("group by",
     orders.group_by(col("a")).select(col("a"), col("b").sum.alias("d")),
     "SELECT a, SUM(b) AS d FROM orders GROUP BY a"),
    ("tumbling window",
     orders.window(Tumble.over(lit(10).minutes).on(col("rowtime")).alias("w"))
           .group_by(col("a"), col("w"))
           .select(col("a"), col("w").end.alias("window_end"), col("b").max.alias("max_b")),
     "SELECT a, TUMBLE_END(rowtime, INTERVAL '10' MINUTE) AS window_end, MAX(b) AS max_b "
     "FROM orders GROUP BY a, TUMBLE(rowtime, INTERVAL '10' MINUTE)"),
    ("over window",
     orders.over_window(Over.partition_by(col("a")).order_by(col("rowtime")).preceding(row_interval(2)).alias("w"))
           .select(col("a"), col("b").sum.over(col("w")).alias("s")),
     "SELECT a, SUM(b) OVER (PARTITION BY a ORDER BY rowtime ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS s FROM orders"),
    ("join",
     orders.join(customers).where(col("b") == col("id")).select(col("a"), col("name")),
     "SELECT a, name FROM orders JOIN customers ON b = id"),
    ("distinct",
     orders.select(col("a")).distinct(),
     "SELECT DISTINCT a FROM orders"),
    ("left outer join",
     orders.left_outer_join(customers, col("b") == col("id")).select(col("a"), col("name")),
     "SELECT a, name FROM orders LEFT JOIN customers ON b = id"),
    ("union all",
     orders.select(col("a")).union_all(customers.select(col("name").alias("a"))),
     "SELECT a FROM orders UNION ALL SELECT name AS a FROM customers"),
]
for name, table, sql in pipelines:
    api, direct = optimized(table.explain()), optimized(t_env.explain_sql(sql))
    if api == direct:
        print(name + ": the same plan")
    else:
        print(name + ": plans differ")
        print(api)
        print(direct)
