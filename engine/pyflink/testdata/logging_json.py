# A program in the style of PyFlink's examples: logging configured in
# __main__, JSON values read with json_value, an insert into a print sink
# through a TableDescriptor, waited for; and a Python UDF refused clearly.
import logging
import sys

from pyflink.table import EnvironmentSettings, TableEnvironment, TableDescriptor, Schema, DataTypes
from pyflink.table.expressions import col
from pyflink.table.udf import udf


def countries():
    t_env = TableEnvironment.create(EnvironmentSettings.in_streaming_mode())
    people = t_env.from_elements([(1, '{"name": "Ada", "addr": {"country": "UK"}}'),
                                  (2, '{"name": "Linus", "addr": {"country": "FI"}}')], ['id', 'data'])
    t_env.create_temporary_table('out', TableDescriptor.for_connector('print')
                                 .schema(Schema.new_builder()
                                         .column('id', DataTypes.BIGINT())
                                         .column('country', DataTypes.STRING())
                                         .build())
                                 .build())
    logging.info("writing %d people", 2)
    people.select(col('id'), col('data').json_value('$.addr.country', DataTypes.STRING())) \
        .execute_insert('out') \
        .wait()
    logging.debug("not shown below INFO")


if __name__ == '__main__':
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(message)s")
    countries()
    udf(result_type=DataTypes.BOOLEAN())
