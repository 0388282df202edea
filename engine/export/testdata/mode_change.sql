CREATE TABLE Numbers (n INT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence',
  'fields.n.start' = '1', 'fields.n.end' = '3');
SELECT * FROM Numbers;
SET 'execution.runtime-mode' = 'batch';
SELECT * FROM Numbers;
RESET 'execution.runtime-mode';
SELECT * FROM Numbers;
