SET 'playground.datagen.seed' = '42';
SET 'playground.start-time' = '2024-01-01 00:00:00';
SET 'table.local-time-zone' = 'UTC';
SET 'sql-client.execution.result-mode' = 'tableau';
CREATE TABLE Clicks (user_id INT, ts TIMESTAMP(3)) WITH ('connector' = 'datagen', 'number-of-rows' = '3');
SELECT * FROM Clicks;
RESET 'playground.datagen.seed';
RESET 'table.local-time-zone';
SET;
RESET;
SELECT COUNT(*) AS c FROM Clicks
