CREATE TABLE Orders (id INT, amount INT) WITH ('connector' = 'datagen', 'number-of-rows' = '5');
CREATE TABLE Big (id INT, amount INT) WITH ('connector' = 'print');
CREATE TABLE Small (id INT, amount INT) WITH ('connector' = 'blackhole');

-- The SQL client's statement set: both INSERTs run as one job.
BEGIN STATEMENT SET;
INSERT INTO Big SELECT * FROM Orders WHERE amount > 100;
INSERT INTO Small SELECT * FROM Orders WHERE amount <= 100;
END;

-- The same as one statement, which a TableEnvironment executes itself.
EXECUTE STATEMENT SET BEGIN
  INSERT INTO Big SELECT * FROM Orders WHERE amount > 100;
  INSERT INTO Small SELECT * FROM Orders WHERE amount <= 100;
END;

EXPLAIN STATEMENT SET BEGIN
  INSERT INTO Big SELECT * FROM Orders;
END;

INSERT INTO Big VALUES (1, 2);
