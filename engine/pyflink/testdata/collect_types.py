# collect() gives Python values, printed as CPython prints PyFlink's:
# datetime.date/.time/.datetime and decimal.Decimal by their repr in a Row.
from pyflink.table import EnvironmentSettings, TableEnvironment

t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
result = t_env.execute_sql("SELECT DATE '2024-02-29' AS d, TIME '12:30:05' AS t, "
                           "TIMESTAMP '2024-01-01 00:00:00' AS ts0, TIMESTAMP '2024-01-01 10:20:30.123' AS ts3, "
                           "CAST(1.50 AS DECIMAL(5, 2)) AS amount, TRUE AS b, 2.5 AS x, ARRAY[1, 2] AS a, "
                           "CAST(NULL AS INT) AS n")
for row in result.collect():
    print(row)
    print(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8])
