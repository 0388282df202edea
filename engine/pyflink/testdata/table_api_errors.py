# Table API errors as PyFlink raises them: a ValidationException arrives as
# py4j's Py4JJavaError; a plain string where an Expression belongs is
# PyFlink's AttributeError.
from pyflink.table import EnvironmentSettings, TableEnvironment
from pyflink.table.expressions import col
from py4j.protocol import Py4JJavaError

t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
t = t_env.from_elements([(1, 'a')], ['id', 'name'])
for attempt in [lambda: t.select(col('nope')),
                lambda: t.select(col('id'), col('id')),
                lambda: t.select(col('id').sum, col('id').sum),
                lambda: t.join(t),
                lambda: t.union_all(t.select(col('id')))]:
    try:
        attempt()
    except Py4JJavaError as e:
        print(str(e).split('\n')[1])
try:
    t.select('id')
except AttributeError as e:
    print('AttributeError:', e)
try:
    t.nope
except AttributeError as e:
    print('AttributeError:', e)
t.filter(col('id') > 'x').execute().print()
