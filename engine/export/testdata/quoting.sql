/* Text a Python literal must carry over exactly:
   triple quotes, backslashes, non-ASCII. */
CREATE TABLE `Tëst """ table` (`the "id"` INT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '3');
SELECT 'He said """hi"""' AS q, 'C:\temp\' AS path, '\d+\n' AS regex FROM `Tëst """ table`; -- ends with a backslash
SELECT '日本語 — ünïcödé ✓' AS s, name FROM `Tëst """ table` WHERE name <> '"'; -- ends with a quote
SELECT 'a' -- a comment inside the statement, with ; and """
  || 'b' /* and a block comment; */ AS ab;
SELECT '\' AS backslash;
SHOW TABLES
