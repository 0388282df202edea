-- Batch mode from the first statement on.
SET 'execution.runtime-mode' = 'batch';
SET 'table.display.max-column-width' = '20';
CREATE TABLE Items (id INT, name STRING) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '5',
  'fields.id.kind' = 'sequence',
  'fields.id.start' = '1',
  'fields.id.end' = '5'
);
SELECT * FROM Items;
DESCRIBE Items;
EXPLAIN SELECT id FROM Items WHERE id > 2;
CREATE TABLE Copy WITH ('connector' = 'blackhole') AS SELECT * FROM Items;
