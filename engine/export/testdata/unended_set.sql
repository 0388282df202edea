CREATE TABLE s (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1');
CREATE TABLE k (id INT) WITH ('connector' = 'blackhole');
BEGIN STATEMENT SET;
INSERT INTO k SELECT * FROM s;
