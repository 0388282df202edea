# The Table API in streaming mode: a word count (its updates as -U/+U),
# a tumbling event-time window, an over window, and a statement set that
# writes through a TableDescriptor.
from pyflink.table import EnvironmentSettings, TableEnvironment, TableDescriptor, Schema, DataTypes
from pyflink.table.expressions import col, lit, UNBOUNDED_RANGE, row_interval, CURRENT_ROW
from pyflink.table.window import Tumble, Slide, Over

t_env = TableEnvironment.create(EnvironmentSettings.in_streaming_mode())
words = t_env.from_elements([('flink',), ('sql',), ('flink',)], ['word'])
words.group_by(col('word')).select(col('word'), lit(1).count.alias('n')).execute().print()

t_env.create_temporary_table('clicks', TableDescriptor.for_connector('datagen')
                             .schema(Schema.new_builder()
                                     .column('user_id', DataTypes.INT())
                                     .column('ts', DataTypes.TIMESTAMP(3))
                                     .watermark('ts', "ts - INTERVAL '1' SECOND")
                                     .build())
                             .option('number-of-rows', '10')
                             .option('fields.user_id.min', '1')
                             .option('fields.user_id.max', '3')
                             .build())
clicks = t_env.from_path('clicks')
clicks.print_schema()
clicks.window(Tumble.over(lit(1).hours).on(col('ts')).alias('w')) \
    .group_by(col('w'), col('user_id')) \
    .select(col('user_id'), col('w').start, col('w').end, col('user_id').count.alias('clicks')) \
    .execute().print()
clicks.over_window(Over.partition_by(col('user_id')).order_by(col('ts')).preceding(row_interval(1)).alias('o')) \
    .select(col('user_id'), col('user_id').count.over(col('o')).alias('last_two')) \
    .execute().print()

sink = TableDescriptor.for_connector('print').schema(Schema.new_builder().column('user_id', DataTypes.INT()).build()).build()
stmts = t_env.create_statement_set()
stmts.add_insert(sink, clicks.filter(col('user_id') == 1).select(col('user_id')))
stmts.execute().wait()
print(clicks.filter(col('user_id') > 1).explain())
