# A batch job: print() has no op column and ends with the row count;
# collect() gives Rows, which print as PyFlink's Row does.
from pyflink.table import EnvironmentSettings, TableEnvironment

t_env = TableEnvironment.create(EnvironmentSettings.new_instance().in_batch_mode().build())
t_env.execute_sql("CREATE TABLE orders (id INT, product STRING, amount DOUBLE) "
                  "WITH ('connector' = 'datagen', 'number-of-rows' = '6', 'fields.id.kind' = 'sequence', "
                  "'fields.id.start' = '1', 'fields.id.end' = '6', 'fields.product.length' = '3', "
                  "'fields.amount.min' = '1', 'fields.amount.max' = '2')")
t_env.execute_sql("SELECT id, product FROM orders WHERE id <= 3").print()

total = 0
with t_env.execute_sql("SELECT id, amount FROM orders").collect() as results:
    for row in results:
        total += row[0]
        if row[0] == 1:
            print(row[0], len(row), row.get_row_kind())
print("sum of ids:", total)

rows = list(t_env.execute_sql("SELECT COUNT(*) AS c FROM orders").collect())
print(rows)
print(rows[0][0] == 6)
