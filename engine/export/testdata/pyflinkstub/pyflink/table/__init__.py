# The part of pyflink.table that exported programs use, with the same names
# and signatures; every call is appended as a JSON line to the file named by
# $FLINKPLAY_EXPORT_LOG at the time of the call, so one Python process can
# run many programs, each with its own log.
import json
import os


def _record(*call):
    with open(os.environ["FLINKPLAY_EXPORT_LOG"], "a", encoding="utf-8") as log:
        log.write(json.dumps(call, ensure_ascii=False) + "\n")


class TableResult:
    def wait(self, timeout_ms=None):
        _record("wait")

    def print(self):
        _record("print")


class Configuration:
    def remove_config(self, key):
        _record("remove_config", key)
        return True

    def __str__(self):
        return "{}"


class TableConfig:
    def set(self, key, value):
        _record("set", key, value)
        return self

    def get_configuration(self):
        return Configuration()


class StatementSet:
    def add_insert_sql(self, stmt):
        _record("add_insert_sql", stmt)
        return self

    def execute(self):
        _record("execute")
        return TableResult()


class EnvironmentSettings:
    def __init__(self, mode):
        self.mode = mode

    @staticmethod
    def in_streaming_mode():
        return EnvironmentSettings("streaming")

    @staticmethod
    def in_batch_mode():
        return EnvironmentSettings("batch")


class TableEnvironment:
    @staticmethod
    def create(environment_settings):
        _record("create", environment_settings.mode)
        return TableEnvironment()

    def execute_sql(self, stmt):
        _record("execute_sql", stmt)
        return TableResult()

    def get_config(self):
        return TableConfig()

    def create_statement_set(self):
        return StatementSet()
