# The Table API, as PyFlink's docs use it: from_elements, select with
# expressions, filter, group_by with aggregates, column operations, joins,
# set operations, order_by/limit. Column names follow the Table API's
# rules (EXPR$n for aggregates, _c<n> for other computed columns).
from pyflink.table import EnvironmentSettings, TableEnvironment, DataTypes
from pyflink.table.expressions import col, lit, call, concat, if_then_else

t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
orders = t_env.from_elements([(1, 'apple', 2.5), (2, 'pear', 1.0), (3, 'apple', 4.0), (4, 'fig', 3.25)],
                             ['id', 'product', 'price'])
orders.print_schema()
print(orders.get_schema().get_field_names())

orders.select(col('id'), col('price') * 2, col('product').upper_case.alias('p')).execute().print()
orders.filter(col('price') > 2).select(col('id'), col('product')).execute().print()
orders.where((col('product') == 'apple') & (col('id') > 1)).execute().print()

totals = orders.group_by(col('product')).select(col('product'), col('price').sum, col('id').count.alias('n'))
totals.print_schema()
totals.order_by(col('product').asc).execute().print()

orders.select(col('price').max, col('price').min, col('id').count.distinct).execute().print()
orders.add_columns(concat(col('product'), lit('!')).alias('loud')).drop_columns(col('price')) \
    .rename_columns(col('loud').alias('shout')).execute().print()
orders.select(col('id'), if_then_else(col('price') > 2, 'dear', 'cheap'), col('price').cast(DataTypes.STRING())) \
    .execute().print()

stock = t_env.from_elements([('apple', 10), ('pear', 0)], ['name', 'qty'])
orders.join(stock, col('product') == col('name')).select(col('id'), col('name'), col('qty')).execute().print()
orders.left_outer_join(stock, col('product') == col('name')).select(col('id'), col('qty')).execute().print()
orders.select(col('product')).union_all(stock.select(col('name'))).distinct().order_by(col('product').desc) \
    .limit(3).execute().print()

print(col('a') + 1, col('a').sum, ~col('b'), col('a').cast(DataTypes.INT()), lit(10).seconds, col('x').alias('y'))
print(DataTypes.INT(), repr(DataTypes.STRING()), repr(DataTypes.DECIMAL(10, 2)), DataTypes.TIMESTAMP(3))
rows = [r for r in t_env.from_elements([(1, 'a')]).execute().collect()]
print(rows)
# str(table) names it for SQL, as PyFlink's examples use it
cheap = orders.filter(col('price') < 3)
print(str(cheap), str(cheap))
t_env.sql_query("SELECT product, COUNT(*) AS n FROM %s GROUP BY product" % cheap).execute().print()
