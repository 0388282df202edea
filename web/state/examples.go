package state

import "strings"

// Example is one entry of the examples gallery: a runnable script that
// shows one thing the engine can do.
type Example struct {
	Name string // shown in the gallery
	SQL  string
	// About says what the example shows when its SQL cannot (the seed
	// has no comment); else Description reads it from the SQL.
	About string
	// Python: SQL holds a PyFlink program, which Run runs whole.
	Python bool
	// View is the result view a lesson opens in (ViewTimeline,
	// ViewGraph…; "" keeps the page's), and Why turns "why this change"
	// on with it.
	View string
	Why  bool
}

// Description is the first sentence of the example's leading comment,
// which says what it shows; "" when it starts with SQL.
func (e Example) Description() string {
	if e.About != "" {
		return e.About
	}
	comment := "--"
	if e.Python {
		comment = "#"
	}
	var b strings.Builder
	for _, line := range strings.Split(e.SQL, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, comment) || strings.HasPrefix(line, "#!") {
			if (line == "" || strings.HasPrefix(line, "#!")) && b.Len() == 0 {
				continue
			}
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strings.TrimSpace(strings.TrimPrefix(line, comment)))
	}
	d := b.String()
	if i := strings.Index(d, ". "); i >= 0 {
		d = d[:i+1]
	}
	return d
}

// SeedSQL is the playground's default script: an unbounded random table
// and a query over it, as in Flink's own quickstart.
const SeedSQL = `CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen');
SELECT * FROM MySource;
`

// Examples is the gallery, the seed example first. Each runs as is (Run
// all) on a fresh session.
var Examples = []Example{
	{Name: "Seed: an unbounded datagen table", SQL: SeedSQL,
		About: "The default script: a table of random rows that never ends, and a query that streams them as Flink's SQL client prints them."},
	{Name: "Bounded datagen (number-of-rows)", SQL: `-- 'number-of-rows' makes the source bounded: the query ends by itself.
CREATE TABLE Orders (
  order_id BIGINT,
  price    DECIMAL(10, 2),
  buyer    STRING
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '10',
  'fields.price.min' = '1',
  'fields.price.max' = '100',
  'fields.buyer.length' = '8'
);
SELECT * FROM Orders;
`},
	{Name: "Sequences", SQL: `-- A sequence field counts from start to end; the source ends with it.
CREATE TABLE Ticks (
  id INT,
  label STRING
) WITH (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence',
  'fields.id.start' = '1',
  'fields.id.end' = '20',
  'fields.label.length' = '5'
);
SELECT id, label FROM Ticks;
`},
	{Name: "WHERE and CAST", About: "A filter and a projection over a sequence: WHERE keeps every third number, CAST and || turn it into text.", SQL: `CREATE TABLE Numbers (n INT) WITH (
  'connector' = 'datagen',
  'fields.n.kind' = 'sequence',
  'fields.n.start' = '1',
  'fields.n.end' = '30'
);
SELECT n, CAST(n AS STRING) || '!' AS shout, n * 1.5 AS scaled
FROM Numbers
WHERE n % 3 = 0 AND n > 5;
`},
	{Name: "Expressions: strings, numbers, time, JSON, collections", SQL: `-- Built-in functions with Flink's types and NULLs (docs/functions.md lists them all).
SET 'execution.runtime-mode' = 'batch';
CREATE TABLE Events (
  id      INT,
  name    STRING,
  amount  DOUBLE,
  payload STRING
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '5',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '5',
  'fields.name.length' = '6',
  'fields.amount.min' = '0', 'fields.amount.max' = '100'
);
SELECT
  id,
  INITCAP(name) || '-' || LPAD(CAST(id AS STRING), 3, '0')     AS label,
  ROUND(amount, 1)                                            AS amount,
  DATE_FORMAT(TIMESTAMP '2024-05-01 12:00:00' + INTERVAL '1' DAY * id, 'yyyy-MM-dd (EEE)') AS due,
  JSON_VALUE('{"tags": ["a", "b", "c"]}', '$.tags[' || CAST(MOD(id, 3) AS STRING) || ']') AS tag,
  ARRAY[id, id * id, id * id * id][3]                          AS cubed,
  MD5(name) IS NOT NULL                                        AS hashed
FROM Events;
`},
	{Name: "Aggregation: results that update", SQL: `-- A GROUP BY result changes as rows arrive: a group's first result is +I,
-- a change is -U (the old row) then +U (the new one), and the table view
-- applies them in place. An aggregate over that result retracts too.
CREATE TABLE Orders (
  id       INT,
  customer AS CHR(65 + MOD(id * 7, 3)),
  amount   AS MOD(id * 37, 50) + 1
) WITH (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence',
  'fields.id.start' = '1',
  'fields.id.end' = '12'
);

SELECT customer,
       COUNT(*)                          AS orders,
       SUM(amount)                       AS total,
       MAX(amount)                       AS biggest,
       COUNT(*) FILTER (WHERE amount > 25) AS big_orders,
       LISTAGG(CAST(amount AS STRING))   AS amounts
FROM Orders
GROUP BY customer;

-- How many customers have placed n orders: each inner update moves a
-- customer from one count to the next (-U/-D, then +U/+I).
SELECT orders, COUNT(*) AS customers
FROM (SELECT customer, COUNT(*) AS orders FROM Orders GROUP BY customer)
GROUP BY orders;
`},
	{Name: "Windows and watermarks", SQL: `-- Event time: every order carries its own time (ts), and the watermark
-- (ts - 2 s) tells how long to wait for stragglers. A 10-second tumbling
-- window fires (+I, once per window and product) when the watermark passes
-- its end; the last ones fire when the source ends. Every 7th order comes
-- 15 s late: its window has already fired, so the aggregation drops it.
CREATE TABLE Orders (
  id      INT,
  amount  INT,
  product AS CASE MOD(id, 3) WHEN 0 THEN 'apple' WHEN 1 THEN 'pear' ELSE 'fig' END,
  ts      AS TO_TIMESTAMP_LTZ(1767225600000 + id * 1000 - CASE WHEN MOD(id, 7) = 0 THEN 15000 ELSE 0 END, 3),
  WATERMARK FOR ts AS ts - INTERVAL '2' SECOND
) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '5',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '40',
  'fields.amount.min' = '1', 'fields.amount.max' = '20'
);
-- Each order with its window, and the watermark the query has seen so far.
SELECT id, product, ts, window_start, window_end, CURRENT_WATERMARK(window_time) AS wm
FROM TABLE(TUMBLE(TABLE Orders, DESCRIPTOR(ts), INTERVAL '10' SECOND));
-- One row per window and product.
SELECT window_start, window_end, product, COUNT(*) AS orders, SUM(amount) AS total
FROM TABLE(TUMBLE(TABLE Orders, DESCRIPTOR(ts), INTERVAL '10' SECOND))
GROUP BY window_start, window_end, product;
-- A window Top-N: the two biggest orders of each window, also emitted
-- once, when the window fires (+I only; no -U/+U as in a regular Top-N).
SELECT * FROM (
  SELECT id, product, amount, window_start, window_end,
    ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY amount DESC) AS rn
  FROM TABLE(TUMBLE(TABLE Orders, DESCRIPTOR(ts), INTERVAL '10' SECOND))
) WHERE rn <= 2;
-- HOP (sliding) and CUMULATE (growing) windows, and SESSION windows that
-- close after a gap, work the same way.
SELECT window_start, window_end, COUNT(*) AS orders
FROM TABLE(HOP(TABLE Orders, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))
GROUP BY window_start, window_end;
`},
	{Name: "Lesson: a late record dropped by a window", View: ViewTimeline, SQL: `-- The Timeline view shows this lesson: event time runs across, the records
-- come down the page in the order they arrive, and the watermark (the
-- line) follows them 1 second behind the newest. A 5-second window fires
-- when the watermark passes its end. Every fourth reading is 6 seconds
-- older than its neighbours: by the time it comes, the watermark has
-- passed it (a cross), and when its window has already fired, Flink drops
-- it: the window's count never includes it. The list under the drawing
-- says, for each late reading, by how much it was late and why it was
-- dropped. Try a watermark of ts - INTERVAL '5' SECOND: the windows fire
-- later, and the late readings count.
CREATE TABLE Readings (
  id INT,
  ts AS TO_TIMESTAMP_LTZ(id * 1000 - CASE WHEN id % 4 = 0 THEN 6000 ELSE 0 END, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen', 'rows-per-second' = '1',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '12'
);
SELECT window_start, window_end, COUNT(*) AS readings
FROM TABLE(TUMBLE(TABLE Readings, DESCRIPTOR(ts), INTERVAL '5' SECOND))
GROUP BY window_start, window_end;
`},
	{Name: "Lesson: an aggregation's retractions", View: ViewChangelog, Why: true, SQL: `-- A running count cannot take back what it printed, so each new order for
-- a product retracts the old count (-U) and sends the new one (+U). Why?
-- is on: click any change in the Changelog view to see which order caused
-- it and what went from what to what. The Table view shows the same
-- changes applied: one row per product, updated in place.
CREATE TABLE Orders (
  id INT,
  product AS CASE WHEN id % 3 = 0 THEN 'pear' WHEN id % 3 = 1 THEN 'apple' ELSE 'fig' END
) WITH (
  'connector' = 'datagen', 'rows-per-second' = '2',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '12'
);
SELECT product, COUNT(*) AS orders, MAX(id) AS last_order
FROM Orders
GROUP BY product;
`},
	{Name: "Lesson: a join that waits for the watermark", View: ViewChangelog, Why: true, SQL: `-- A LEFT interval join sends an order with its shipment as soon as both
-- have come. An order with no shipment must wait: a shipment within 3
-- seconds of it could still come, until the watermark (of both inputs,
-- the lower one) passes the order's time + 3 seconds. Only then does the
-- join send the order with NULLs. Why? is on: click a row with <NULL> to
-- see the watermark that let it go; the Timeline view shows the orders
-- and shipments arriving and the watermark catching up.
CREATE TABLE Orders (
  id INT,
  ts AS TO_TIMESTAMP_LTZ(id * 1000, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen', 'rows-per-second' = '1',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '8'
);
CREATE TABLE Shipments (
  n INT,
  order_id AS n * 2,
  ts AS TO_TIMESTAMP_LTZ(n * 2000 + 1500, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen', 'rows-per-second' = '1',
  'fields.n.kind' = 'sequence', 'fields.n.start' = '1', 'fields.n.end' = '4'
);
SELECT o.id, s.order_id, s.ts AS shipped
FROM Orders o LEFT JOIN Shipments s
  ON o.id = s.order_id AND s.ts BETWEEN o.ts AND o.ts + INTERVAL '3' SECOND;
`},
	{Name: "Top-N: the leaders change", SQL: `-- ROW_NUMBER() in a subquery and a bound on it outside make a Top-N: the
-- two best scores of each game. A new leader pushes the others down a rank:
-- watch -U/+U as rows change places, and +I when a free rank fills.
CREATE TABLE Scores (
  id     INT,
  game   AS 'game-' || CAST(id % 2 AS STRING),
  player AS 'player-' || CAST(id AS STRING),
  points AS (id * 37) % 100
) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '2',
  'fields.id.kind' = 'sequence',
  'fields.id.start' = '1',
  'fields.id.end' = '12'
);
SELECT game, rn, player, points
FROM (
  SELECT game, player, points,
    ROW_NUMBER() OVER (PARTITION BY game ORDER BY points DESC) AS rn
  FROM Scores
)
WHERE rn <= 2;
-- Ranking a GROUP BY by a count, which only grows, is cheaper: the
-- aggregation sends +U without -U (EXPLAIN CHANGELOG_MODE shows it) and
-- the Top-N runs as Flink's UpdateFastStrategy. The two busiest bands:
SELECT band, scores, rn
FROM (
  SELECT band, scores, ROW_NUMBER() OVER (ORDER BY scores DESC) AS rn
  FROM (SELECT points / 25 AS band, COUNT(*) AS scores FROM Scores GROUP BY points / 25)
)
WHERE rn <= 2;
`},
	{Name: "Joins over streams", SQL: `-- Two streams: orders, and shipments that refer to them.
CREATE TABLE Orders (
  order_id INT,
  ts AS TO_TIMESTAMP_LTZ(order_id * 1000, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '2',
  'fields.order_id.kind' = 'sequence', 'fields.order_id.start' = '1', 'fields.order_id.end' = '12'
);
CREATE TABLE Shipments (
  ship_id  INT,
  order_id AS ship_id / 2,
  ship_ts  AS TO_TIMESTAMP_LTZ(ship_id * 500, 3),
  WATERMARK FOR ship_ts AS ship_ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '2',
  'fields.ship_id.kind' = 'sequence', 'fields.ship_id.start' = '1', 'fields.ship_id.end' = '12'
);
-- A regular LEFT JOIN keeps both streams in state: an order without a
-- shipment is padded with NULLs (+I), and retracted (-D) when one arrives.
SELECT o.order_id, s.ship_id
FROM Orders AS o LEFT JOIN Shipments AS s ON o.order_id = s.order_id;
-- An interval join only pairs rows close in event time. Its result is
-- append-only: an order is padded once the watermark shows no shipment
-- can match it any more, and the state is dropped then.
SELECT o.order_id, s.ship_id, s.ship_ts
FROM Orders AS o LEFT JOIN Shipments AS s
  ON o.order_id = s.order_id AND s.ship_ts BETWEEN o.ts AND o.ts + INTERVAL '2' SECOND;
`},
	{Name: "Patterns with MATCH_RECOGNIZE", SQL: `-- MATCH_RECOGNIZE finds sequences of rows, per partition and in event time:
-- the rows a pattern of variables matches, each variable defined by a
-- condition. Each match becomes one +I row of its measures. Here: a fall
-- and a rise of a stock price (a "V"), then a low followed by a high within
-- 10 seconds (X*? matches as few rows as it can). Matching is Flink's CEP:
-- docs/match_recognize.md.
CREATE TABLE Ticker (
  id     INT,
  symbol AS CASE MOD(id, 2) WHEN 0 THEN 'ACME' ELSE 'GLOBEX' END,
  price  AS 20 + MOD(id * id * 5 + id * 3, 19),
  ts     AS TO_TIMESTAMP_LTZ(1767225600000 + id * 1000, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '10',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '60'
);
SELECT *
FROM Ticker
  MATCH_RECOGNIZE (
    PARTITION BY symbol
    ORDER BY ts
    MEASURES
      START_ROW.price AS start_price,
      LAST(PRICE_DOWN.price) AS bottom_price,
      PRICE_UP.price AS end_price,
      COUNT(PRICE_DOWN.price) AS falls,
      MATCH_ROWTIME(ts) AS matched_at
    AFTER MATCH SKIP TO LAST PRICE_UP
    PATTERN (START_ROW PRICE_DOWN+ PRICE_UP)
    DEFINE
      PRICE_DOWN AS PRICE_DOWN.price < COALESCE(LAST(PRICE_DOWN.price, 1), START_ROW.price),
      PRICE_UP AS PRICE_UP.price > LAST(PRICE_DOWN.price, 1)
  );
SELECT *
FROM Ticker
  MATCH_RECOGNIZE (
    PARTITION BY symbol
    ORDER BY ts
    MEASURES
      LOW.ts AS low_at,
      LOW.price AS low,
      HIGH.ts AS high_at,
      HIGH.price AS high,
      COUNT(X.price) AS between_rows
    AFTER MATCH SKIP PAST LAST ROW
    PATTERN (LOW X*? HIGH) WITHIN INTERVAL '10' SECOND
    DEFINE
      LOW AS LOW.price < 22,
      HIGH AS HIGH.price > 35
  );
`},
	{Name: "Batch mode", SQL: `-- In batch mode a query prints its final result as one table.
SET 'execution.runtime-mode' = 'batch';
CREATE TABLE Items (id INT, name STRING) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '5',
  'fields.id.kind' = 'sequence',
  'fields.id.start' = '1',
  'fields.id.end' = '5',
  'fields.name.length' = '6'
);
SELECT * FROM Items;
`},
	{Name: "Fake data with faker", SQL: `-- The faker connector (flink-faker, as the Flink SQL Cookbook uses it) makes
-- every column from an expression: #{Family.method 'arg', ...} with text
-- around it. In a SQL string each quote of an argument is doubled.
CREATE TABLE Customers (
  id INT,
  name STRING,
  email STRING,
  tier STRING,
  city STRING,
  joined TIMESTAMP(3),
  referrer STRING
) WITH (
  'connector' = 'faker',
  'rows-per-second' = '5',
  'fields.id.expression' = '#{number.numberBetween ''1'',''1000''}',
  'fields.name.expression' = '#{Name.firstName} #{Name.lastName}',
  'fields.email.expression' = '#{Internet.emailAddress}',
  'fields.tier.expression' = '#{Options.option ''bronze'',''silver'',''gold''}',
  'fields.city.expression' = '#{Address.city}',
  'fields.joined.expression' = '#{date.past ''30'',''DAYS''}',
  'fields.referrer.expression' = 'https://#{regexify ''(news|search|social)''}.example/#{regexify ''[a-z]{6}''}',
  'fields.referrer.null-rate' = '0.3'
);
SELECT * FROM Customers;
`},
	{Name: "faker: server logs counted per minute", SQL: `-- A stream of web server logs made by faker, with event time from its
-- timestamps: date.past '15','5','SECONDS' lies 5 to 15 seconds in the past,
-- so the watermark trails by 15 seconds. Each minute the window emits the
-- requests per status code.
CREATE TABLE ServerLogs (
  client_ip STRING,
  http_method STRING,
  path STRING,
  status_code STRING,
  size_bytes INT,
  log_time TIMESTAMP(3),
  WATERMARK FOR log_time AS log_time - INTERVAL '15' SECOND
) WITH (
  'connector' = 'faker',
  'rows-per-second' = '50',
  'fields.client_ip.expression' = '#{Internet.publicIpV4Address}',
  'fields.http_method.expression' = '#{regexify ''(GET|GET|GET|POST|PUT)''}',
  'fields.path.expression' = '/#{regexify ''(home|search|cart|checkout|help)''}',
  'fields.status_code.expression' = '#{regexify ''(200|200|200|201|301|404|500)''}',
  'fields.size_bytes.expression' = '#{number.numberBetween ''200'',''90000''}',
  'fields.log_time.expression' = '#{date.past ''15'',''5'',''SECONDS''}'
);
SELECT window_start, window_end, status_code, COUNT(*) AS requests, SUM(size_bytes) AS total_bytes
FROM TABLE(TUMBLE(TABLE ServerLogs, DESCRIPTOR(log_time), INTERVAL '1' MINUTE))
GROUP BY window_start, window_end, status_code;
`},
	{Name: "INSERT jobs run in the background", SQL: `-- An INSERT is a job: Flink's SQL client submits it and goes on while it runs
-- (table.dml-sync is false by default). The Jobs tab beside Catalog and
-- Files follows it, with the rows it reads and writes and a Stop button.
CREATE TABLE Clicks (user_name STRING, page STRING) WITH (
  'connector' = 'faker',
  'rows-per-second' = '20',
  'fields.user_name.expression' = '#{Name.firstName}',
  'fields.page.expression' = '/#{regexify ''(home|docs|blog|pricing)''}'
);
CREATE TABLE ClickCounts (page STRING, clicks BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO ClickCounts SELECT page, COUNT(*) FROM Clicks GROUP BY page;
-- SHOW JOBS lists the job while it runs; STOP JOB 'its id' stops it, as
-- the Stop button does.
SHOW JOBS;
-- A query runs beside the job.
SELECT * FROM Clicks;
`},
	{Name: "Nexmark: an online auction's events", SQL: `-- Nexmark is the standard benchmark of streaming SQL: an online auction
-- where people sign up, open auctions and bid. The nexmark connector makes
-- its events as Nexmark's own generator does; every row is one event, and
-- event_type says which of the three ROW columns holds it (0 a person,
-- 1 an auction, 2 a bid). This table is the one Nexmark's queries read.
` + nexmarkColumns + `) WITH (
  'connector' = 'nexmark',
  'events.num' = '200000'
);
-- The bids alone, as a view.
CREATE VIEW bids AS
SELECT bid.auction AS auction, bid.bidder AS bidder, bid.price AS price, ts
FROM nexmark WHERE event_type = 2;
-- The five auctions with the most bids in each 10-second window of event time.
SELECT * FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY bids DESC) AS place
  FROM (
    SELECT window_start, window_end, auction, COUNT(*) AS bids, MAX(price) AS top_price
    FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '10' SECOND))
    GROUP BY window_start, window_end, auction))
WHERE place <= 5;
`},
	{Name: "Nexmark: benchmark this tab", SQL: `-- How fast does this tab run streaming SQL? Each INSERT below reads half a
-- million Nexmark events into a blackhole sink, which drops what it gets.
-- With table.dml-sync they run one after another, each to its end; the
-- Jobs tab then shows each one's events per second ("read ... rows/s").
-- make bench-nexmark runs Nexmark's own queries natively and as wasm
-- (docs/benchmarks.md), beside the figures Flink published.
SET 'table.dml-sync' = 'true';
` + nexmarkColumns + `) WITH ('connector' = 'nexmark', 'events.num' = '500000');
CREATE VIEW bids AS
SELECT bid.auction AS auction, bid.bidder AS bidder, bid.price AS price, bid.channel AS channel, ts
FROM nexmark WHERE event_type = 2;
-- 1. Every bid, its price in another currency (stateless).
CREATE TABLE sink_prices (auction BIGINT, price_eur DECIMAL(23, 3)) WITH ('connector' = 'blackhole');
INSERT INTO sink_prices SELECT auction, 0.908 * price FROM bids;
-- 2. Bids per channel and 10-second window (a window aggregation).
CREATE TABLE sink_channels (channel STRING, window_end TIMESTAMP(3), n BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO sink_channels
SELECT channel, window_end, COUNT(*)
FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '10' SECOND))
GROUP BY channel, window_start, window_end;
-- 3. The highest bid of each auction so far (an updating aggregation).
CREATE TABLE sink_max (auction BIGINT, top BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO sink_max SELECT auction, MAX(price) FROM bids GROUP BY auction;
SHOW JOBS;
`},
	{Name: "INSERT INTO a print sink", About: "An INSERT job writes into the print connector, whose lines show below the results, as Flink's task logs would.", SQL: `CREATE TABLE Source (id INT, name STRING) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '5',
  'fields.name.length' = '4'
);
-- The print connector writes each change as +I[...] (shown below the job's result).
CREATE TABLE Sink (id INT, name STRING) WITH ('connector' = 'print');
INSERT INTO Sink SELECT * FROM Source;
`},
	{Name: "SHOW and DESCRIBE", About: "What the catalog knows: SHOW TABLES, DESCRIBE, SHOW CREATE TABLE and the function list.", SQL: `CREATE TABLE Users (
  id BIGINT NOT NULL,
  name STRING,
  signup TIMESTAMP(3)
) WITH ('connector' = 'datagen');
SHOW TABLES;
DESCRIBE Users;
SHOW CREATE TABLE Users;
SHOW FUNCTIONS;
`},
	{Name: "Views", About: "A view is a named query: it stores no rows, and a query over it runs the view's query.", SQL: `CREATE TABLE Events (id INT, score INT) WITH (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '10',
  'fields.score.min' = '0', 'fields.score.max' = '100'
);
CREATE VIEW HighScores AS SELECT id, score FROM Events WHERE score >= 50;
SHOW VIEWS;
SELECT * FROM HighScores;
`},
	{Name: "EXPLAIN: how Flink plans a query", SQL: `-- EXPLAIN prints Flink's plan in three sections: the logical plan the query
-- converts to (Abstract Syntax Tree), the optimized physical plan, and the
-- execution plan. CHANGELOG_MODE adds what each node emits: the aggregation
-- updates its results (I,UB,UA), its input only inserts (I).
CREATE TABLE Orders (
  id      INT,
  product STRING,
  amount  INT,
  ts AS TO_TIMESTAMP_LTZ(id * 1000, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '100',
  'fields.product.length' = '1'
);
EXPLAIN CHANGELOG_MODE
SELECT product, COUNT(*) AS orders, SUM(amount) AS total
FROM Orders
WHERE amount > 0
GROUP BY product;
`},
	{Name: "Where is my table stored?", SQL: `-- A table has two halves: its definition, kept by a catalog, and its data,
-- kept by its connector (or by nothing). The catalog panel shows both.
-- 1. datagen makes rows up as they are read: the data is stored nowhere.
--    print writes what it gets to the output below and keeps nothing.
CREATE TABLE Generated (id INT, name STRING) WITH (
  'connector' = 'datagen', 'number-of-rows' = '4',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '4',
  'fields.name.length' = '5'
);
CREATE TABLE Printed (id INT, name STRING) WITH ('connector' = 'print');
INSERT INTO Printed SELECT * FROM Generated;
-- 2. A 'playground' catalog keeps definitions in this browser's storage
--    (in the terminal: flinkplay sql --catalog-file catalog.json), so they
--    survive a reload; the default catalog forgets them with the tab.
CREATE CATALOG IF NOT EXISTS lake WITH ('type' = 'playground');
CREATE TABLE IF NOT EXISTS lake.` + "`default`" + `.Names (id INT, name STRING) WITH (
  'connector' = 'filesystem', 'path' = '/lake/names', 'format' = 'csv'
);
-- 3. filesystem keeps the rows as files (see the Files panel: /lake/names).
--    In batch mode INSERT OVERWRITE replaces what an earlier run wrote.
--    table.dml-sync makes the INSERT end before the SELECT reads its files
--    (by default a job runs on in the background, see the Jobs tab).
SET 'execution.runtime-mode' = 'batch';
SET 'table.dml-sync' = 'true';
INSERT OVERWRITE lake.` + "`default`" + `.Names SELECT * FROM Generated;
-- Read them back: after a reload, this SELECT alone still finds them.
SELECT * FROM lake.` + "`default`" + `.Names;
`},
	{Name: "Catalogs and databases", SQL: `-- Catalogs and databases live in this tab's memory (generic_in_memory).
-- A catalog WITH ('type' = 'playground') keeps them in this browser's storage instead.
CREATE CATALOG lab WITH ('type' = 'generic_in_memory');
CREATE DATABASE lab.experiments;
USE CATALOG lab;
USE experiments;
CREATE TABLE Trials (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '3');
SHOW CATALOGS;
SHOW DATABASES;
SHOW CURRENT DATABASE;
SHOW TABLES;
`},
	{Name: "Option errors: datagen explains itself", SQL: `-- Run each statement (Ctrl/Cmd+Enter) to see Flink's messages.
CREATE TABLE Bad1 (id INT) WITH ('connector' = 'datagen', 'rows-per-secnd' = '5');
SELECT * FROM Bad1;

CREATE TABLE Bad2 (id INT) WITH ('connector' = 'datagen', 'fields.id.kind' = 'sequence');
SELECT * FROM Bad2;

CREATE TABLE Bad3 (id INT) WITH ('connector' = 'nope');
SELECT * FROM Bad3;
`},
	{Name: "PyFlink: the seed program", Python: true, SQL: `# The program the project began with, run as flink run -py runs it: a TableEnvironment in streaming mode, a datagen table, and print() of a query that never ends.
from pyflink.table import EnvironmentSettings, TableEnvironment

settings = EnvironmentSettings.in_streaming_mode()
t_env = TableEnvironment.create(settings)

t_env.execute_sql("""
    CREATE TABLE MySource (id INT, name STRING)
    WITH ('connector' = 'datagen')
""")

t_env.execute_sql("SELECT * FROM MySource").print()
`},
	{Name: "PyFlink: counting words with the Table API", Python: true, SQL: `# A batch Table API pipeline: from_elements, group_by and an aggregate, printed as PyFlink prints it, then read back row by row with collect().
from pyflink.table import EnvironmentSettings, TableEnvironment
from pyflink.table.expressions import col

t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())

words = t_env.from_elements(
    [("flink",), ("sql",), ("python",), ("flink",), ("stream",), ("flink",), ("sql",)],
    ["word"])

counts = words.group_by(col("word")) \
    .select(col("word"), col("word").count.alias("n")) \
    .order_by(col("n").desc, col("word"))

counts.execute().print()

# collect() gives Rows without field names, as in PyFlink: index them
with counts.execute().collect() as rows:
    for row in rows:
        print(f"{row[0]} appears {row[1]} time(s)")
`},
}

// nexmarkColumns is the Nexmark examples' CREATE TABLE up to its WITH:
// Nexmark's event layout (one ROW column per kind of event) and its event
// time with the watermark Nexmark's queries use.
const nexmarkColumns = `CREATE TABLE nexmark (
  event_type INT,
  person ROW<id BIGINT, name STRING, emailAddress STRING, creditCard STRING,
             city STRING, state STRING, ` + "`dateTime`" + ` TIMESTAMP(3), extra STRING>,
  auction ROW<id BIGINT, itemName STRING, description STRING, initialBid BIGINT,
              reserve BIGINT, ` + "`dateTime`" + ` TIMESTAMP(3), expires TIMESTAMP(3),
              seller BIGINT, category BIGINT, extra STRING>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, url STRING,
          ` + "`dateTime`" + ` TIMESTAMP(3), extra STRING>,
  ts AS CASE event_type WHEN 0 THEN person.` + "`dateTime`" + `
                        WHEN 1 THEN auction.` + "`dateTime`" + `
                        ELSE bid.` + "`dateTime`" + ` END,
  WATERMARK FOR ts AS ts - INTERVAL '4' SECOND
`
