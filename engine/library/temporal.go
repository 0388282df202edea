package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the temporal functions and literals (Flink's "temporal"
// category); their code is in funcs_time.go, funcs_datefmt.go and
// funcs_watermark.go, the literals are the planner's.

var (
	fnConvertTz = &Function{
		Spec: funcs.Spec{Name: "CONVERT_TZ", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"CONVERT_TZ(string1, string2, string3)"},
			Description: "Converts a 'yyyy-MM-dd HH:mm:ss' date-time from time zone string2 to time zone string3 (region ids such as 'Asia/Shanghai', or 'GMT+08:00'; unknown ids are GMT).",
			Examples: []funcs.Example{
				{SQL: "CONVERT_TZ('1970-01-01 00:00:00', 'UTC', 'America/Los_Angeles')", Result: "1969-12-31 16:00:00"},
			},
		},
		Min: 3, Max: 3, Build: buildConvertTz,
	}

	fnCurrentDate = &Function{
		Spec: funcs.Spec{Name: "CURRENT_DATE", Category: funcs.Temporal,
			Signatures:  []string{"CURRENT_DATE"},
			Description: "Today's date in table.local-time-zone, a DATE; it reads the statement's time on the session clock, so 'playground.start-time' fixes it.",
			Examples: []funcs.Example{
				{SQL: "CURRENT_DATE IS NOT NULL", Result: "TRUE"},
			},
		},
		Min: 0, Max: 0, Build: buildClock,
	}

	fnCurrentRowTimestamp = &Function{
		Spec: funcs.Spec{Name: "CURRENT_ROW_TIMESTAMP", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"CURRENT_ROW_TIMESTAMP()"},
			Description: "The current instant as a TIMESTAMP_LTZ(3); here the statement's time, like CURRENT_TIMESTAMP.",
			Examples: []funcs.Example{
				{SQL: "CURRENT_ROW_TIMESTAMP() IS NOT NULL", Result: "TRUE"},
			},
		},
		Min: 0, Max: 0, Build: buildClock,
	}

	fnCurrentTime = &Function{
		Spec: funcs.Spec{Name: "CURRENT_TIME", Category: funcs.Temporal,
			Signatures:  []string{"CURRENT_TIME"},
			Description: "The time of day in table.local-time-zone, a TIME(0); it reads the statement's time on the session clock, so 'playground.start-time' fixes it.",
			Examples: []funcs.Example{
				{SQL: "CURRENT_TIME IS NOT NULL", Result: "TRUE"},
			},
		},
		Min: 0, Max: 0, Build: buildClock,
	}

	fnCurrentTimestamp = &Function{
		Spec: funcs.Spec{Name: "CURRENT_TIMESTAMP", Category: funcs.Temporal,
			Signatures:  []string{"CURRENT_TIMESTAMP"},
			Description: "The current instant, a TIMESTAMP_LTZ(3) shown in table.local-time-zone; it reads the statement's time on the session clock, so 'playground.start-time' fixes it.",
			Examples: []funcs.Example{
				{SQL: "CURRENT_TIMESTAMP IS NOT NULL", Result: "TRUE"},
			},
		},
		Min: 0, Max: 0, Build: buildClock,
	}

	fnCurrentWatermark = &Function{
		Spec: funcs.Spec{Name: "CURRENT_WATERMARK", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"CURRENT_WATERMARK(rowtime)"},
			Description: "The current watermark of the rowtime attribute's stream, a TIMESTAMP(3) or TIMESTAMP_LTZ(3) like the argument; NULL before the first watermark (at the start of a stream). Useful to filter late rows: WHERE CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts). The argument must be a rowtime attribute (a column with WATERMARK FOR, or window_time of a window TVF).",
			Examples: []funcs.Example{
				{SQL: "CURRENT_WATERMARK(TIMESTAMP '2024-01-01 00:00:00.000')", Result: "ERROR: 1:8: The argument of CURRENT_WATERMARK() must be a rowtime attribute, but was 'TIMESTAMP(3) NOT NULL'."},
			},
		},
		Min: 1, Max: 1, Build: buildCurrentWatermark,
	}

	fnDate = &Function{
		Spec: funcs.Spec{Name: "DATE", Category: funcs.Temporal,
			Signatures:  []string{"DATE string"},
			Description: "A DATE literal from 'yyyy-MM-dd'.",
			Examples: []funcs.Example{
				{SQL: "DATE '2024-05-01'", Result: "2024-05-01"},
			},
		},
	}

	fnDateFormat = &Function{
		Spec: funcs.Spec{Name: "DATE_FORMAT", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"DATE_FORMAT(timestamp, string)", "DATE_FORMAT(string, string)"},
			Description: "Formats a timestamp (a TIMESTAMP_LTZ in table.local-time-zone) with a Java DateTimeFormatter pattern, or re-formats a 'yyyy-MM-dd HH:mm:ss' string with a SimpleDateFormat pattern (NULL when it does not parse).",
			Examples: []funcs.Example{
				{SQL: "DATE_FORMAT(TIMESTAMP '2024-03-05 14:07:09.123', 'yyyy/MM/dd HH:mm:ss.SSS')", Result: "2024/03/05 14:07:09.123"},
				{SQL: "DATE_FORMAT('2024-03-05 14:07:09', 'EEE, d MMM yyyy hh:mm a')", Result: "Tue, 5 Mar 2024 02:07 PM"},
			},
		},
		Min: 2, Max: 2, Build: buildDateFormat,
	}

	fnDayofmonth = &Function{
		Spec: funcs.Spec{Name: "DAYOFMONTH", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"DAYOFMONTH(date)"},
			Description: "Returns the day of the month (1 to 31) as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "DAYOFMONTH(DATE '1994-09-27')", Result: "27"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}

	fnDayofweek = &Function{
		Spec: funcs.Spec{Name: "DAYOFWEEK", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"DAYOFWEEK(date)"},
			Description: "Returns the day of the week (1 = Sunday to 7 = Saturday) as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "DAYOFWEEK(DATE '1994-09-27')", Result: "3"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}

	fnDayofyear = &Function{
		Spec: funcs.Spec{Name: "DAYOFYEAR", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"DAYOFYEAR(date)"},
			Description: "Returns the day of the year (1 to 366) as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "DAYOFYEAR(DATE '1994-09-27')", Result: "270"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}

	fnExtract = &Function{
		Spec: funcs.Spec{Name: "EXTRACT", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"EXTRACT(timeintervalunit FROM temporal)"},
			Description: "A field of a date, time, timestamp or interval as a BIGINT. Units: MILLENNIUM, CENTURY, DECADE, YEAR, ISOYEAR, QUARTER, MONTH, WEEK (ISO), DAY, DOY, DOW (Sunday = 1), ISODOW (Monday = 1), HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND, NANOSECOND, EPOCH.",
			Examples: []funcs.Example{
				{SQL: "EXTRACT(DAY FROM DATE '2006-06-05')", Result: "5"},
				{SQL: "EXTRACT(HOUR FROM TIMESTAMP '2006-06-05 13:14:15')", Result: "13"},
			},
		},
		Min: 2, Max: 2, Build: buildExtract,
	}

	fnFromUnixtime = &Function{
		Spec: funcs.Spec{Name: "FROM_UNIXTIME", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"FROM_UNIXTIME(numeric[, string])"},
			Description: "Formats epoch seconds as the wall clock in table.local-time-zone, with the SimpleDateFormat pattern string (default 'yyyy-MM-dd HH:mm:ss').",
			Examples: []funcs.Example{
				{SQL: "FROM_UNIXTIME(44)", Result: "1970-01-01 00:00:44"},
				{SQL: "FROM_UNIXTIME(86400, 'yyyy/MM/dd')", Result: "1970/01/02"},
			},
		},
		Min: 1, Max: 2, Build: buildFromUnixtime,
	}

	fnHour = &Function{
		Spec: funcs.Spec{Name: "HOUR", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"HOUR(timestamp)"},
			Description: "Returns the hour (0 to 23) as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "HOUR(TIMESTAMP '1994-09-27 13:14:15')", Result: "13"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}

	fnInterval = &Function{
		Spec: funcs.Spec{Name: "INTERVAL", Category: funcs.Temporal,
			Signatures:  []string{"INTERVAL string range"},
			Description: "An interval literal: a day-time interval (DAY, HOUR, MINUTE, SECOND and their TO forms) or a year-month interval (YEAR, MONTH, YEAR TO MONTH), printed as Flink prints intervals.",
			Examples: []funcs.Example{
				{SQL: "INTERVAL '3' DAY", Result: "+3 00:00:00.000"},
				{SQL: "INTERVAL '1-2' YEAR TO MONTH", Result: "+1-02"},
			},
		},
	}

	fnLocaltime = &Function{
		Spec: funcs.Spec{Name: "LOCALTIME", Category: funcs.Temporal,
			Signatures:  []string{"LOCALTIME"},
			Description: "The same as CURRENT_TIME.",
			Examples: []funcs.Example{
				{SQL: "LOCALTIME IS NOT NULL", Result: "TRUE"},
			},
		},
		Min: 0, Max: 0, Build: buildClock,
	}

	fnLocaltimestamp = &Function{
		Spec: funcs.Spec{Name: "LOCALTIMESTAMP", Category: funcs.Temporal,
			Signatures:  []string{"LOCALTIMESTAMP"},
			Description: "The wall-clock date and time in table.local-time-zone, a TIMESTAMP(3); it reads the statement's time on the session clock, so 'playground.start-time' fixes it.",
			Examples: []funcs.Example{
				{SQL: "LOCALTIMESTAMP IS NOT NULL", Result: "TRUE"},
			},
		},
		Min: 0, Max: 0, Build: buildClock,
	}

	fnMinute = &Function{
		Spec: funcs.Spec{Name: "MINUTE", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"MINUTE(timestamp)"},
			Description: "Returns the minute (0 to 59) as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "MINUTE(TIMESTAMP '1994-09-27 13:14:15')", Result: "14"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}

	fnMonth = &Function{
		Spec: funcs.Spec{Name: "MONTH", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"MONTH(date)"},
			Description: "Returns the month (1 to 12) as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "MONTH(DATE '1994-09-27')", Result: "9"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}

	fnNow = &Function{
		Spec: funcs.Spec{Name: "NOW", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"NOW()"},
			Description: "The same as CURRENT_TIMESTAMP.",
			Examples: []funcs.Example{
				{SQL: "NOW() IS NOT NULL", Result: "TRUE"},
			},
		},
		Min: 0, Max: 0, Build: buildClock,
	}

	fnOverlaps = &Function{
		Spec: funcs.Spec{Name: "OVERLAPS", Category: funcs.Temporal,
			Signatures:  []string{"(timepoint1, temporal1) OVERLAPS (timepoint2, temporal2)"},
			Description: "TRUE when two periods share a point. Each period is a start and an end, or a start and an interval; the ends may come in either order.",
			Examples: []funcs.Example{
				{SQL: "(TIME '2:55:00', INTERVAL '1' HOUR) OVERLAPS (TIME '3:30:00', INTERVAL '2' HOUR)", Result: "TRUE"},
				{SQL: "(TIME '9:00:00', TIME '10:00:00') OVERLAPS (TIME '10:15:00', INTERVAL '3' HOUR)", Result: "FALSE"},
			},
		},
		Min: 4, Max: 4, Build: buildOverlaps,
	}

	fnQuarter = &Function{
		Spec: funcs.Spec{Name: "QUARTER", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"QUARTER(date)"},
			Description: "Returns the quarter (1 to 4) as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "QUARTER(DATE '1994-09-27')", Result: "3"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}

	fnSecond = &Function{
		Spec: funcs.Spec{Name: "SECOND", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"SECOND(timestamp)"},
			Description: "Returns the second (0 to 59) as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "SECOND(TIMESTAMP '1994-09-27 13:14:15')", Result: "15"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}

	fnTime = &Function{
		Spec: funcs.Spec{Name: "TIME", Category: funcs.Temporal,
			Signatures:  []string{"TIME string"},
			Description: "A TIME(0) literal from 'HH:mm:ss'; a fraction makes TIME(p).",
			Examples: []funcs.Example{
				{SQL: "TIME '12:34:56'", Result: "12:34:56"},
			},
		},
	}

	fnTimestamp = &Function{
		Spec: funcs.Spec{Name: "TIMESTAMP", Category: funcs.Temporal,
			Signatures:  []string{"TIMESTAMP string"},
			Description: "A TIMESTAMP literal from 'yyyy-MM-dd HH:mm:ss[.SSSSSSSSS]', its precision that of the fraction written.",
			Examples: []funcs.Example{
				{SQL: "TIMESTAMP '2024-05-01 12:34:56.789'", Result: "2024-05-01 12:34:56.789"},
			},
		},
	}

	fnTimestampadd = &Function{
		Spec: funcs.Spec{Name: "TIMESTAMPADD", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"TIMESTAMPADD(timeintervalunit, interval, timepoint)"},
			Description: "Adds interval (an integer) units to a date, time or timestamp, in its type; months clamp to the last day of the month. Units: YEAR, QUARTER, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND, MILLISECOND (a DATE takes DAY or longer).",
			Examples: []funcs.Example{
				{SQL: "TIMESTAMPADD(WEEK, 1, DATE '2003-01-02')", Result: "2003-01-09"},
				{SQL: "TIMESTAMPADD(MONTH, 1, DATE '2020-01-31')", Result: "2020-02-29"},
			},
		},
		Min: 3, Max: 3, Build: buildTimestampAdd,
	}

	fnTimestampdiff = &Function{
		Spec: funcs.Spec{Name: "TIMESTAMPDIFF", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"TIMESTAMPDIFF(timepointunit, timepoint1, timepoint2)"},
			Description: "The whole number of units from timepoint1 to timepoint2 as an INT, negative when timepoint2 is earlier. Units: YEAR, QUARTER, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND, MILLISECOND.",
			Examples: []funcs.Example{
				{SQL: "TIMESTAMPDIFF(DAY, TIMESTAMP '2003-01-02 10:00:00', TIMESTAMP '2003-01-03 10:00:00')", Result: "1"},
				{SQL: "TIMESTAMPDIFF(MONTH, DATE '2020-01-31', DATE '2020-02-29')", Result: "0"},
			},
		},
		Min: 3, Max: 3, Build: buildTimestampDiff,
	}

	fnToDate = &Function{
		Spec: funcs.Spec{Name: "TO_DATE", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"TO_DATE(string1[, string2])"},
			Description: "Reads a date from text, by default 'yyyy-MM-dd', else with the SimpleDateFormat pattern string2; NULL when it does not parse.",
			Examples: []funcs.Example{
				{SQL: "TO_DATE('2024-03-05')", Result: "2024-03-05"},
				{SQL: "TO_DATE('05/03/2024', 'dd/MM/yyyy')", Result: "2024-03-05"},
			},
		},
		Min: 1, Max: 2, Build: buildToDate,
	}

	fnToTimestamp = &Function{
		Spec: funcs.Spec{Name: "TO_TIMESTAMP", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"TO_TIMESTAMP(string1[, string2])"},
			Description: "Reads a TIMESTAMP(3) from text, by default 'yyyy-MM-dd HH:mm:ss[.SSS]', else with the DateTimeFormatter pattern string2 (missing fields are 1970-01-01 00:00:00); NULL when it does not parse.",
			Examples: []funcs.Example{
				{SQL: "TO_TIMESTAMP('2024-03-05 14:07:09')", Result: "2024-03-05 14:07:09.000"},
				{SQL: "TO_TIMESTAMP('20240305', 'yyyyMMdd')", Result: "2024-03-05 00:00:00.000"},
			},
		},
		Min: 1, Max: 2, Build: buildToTimestamp,
	}

	fnToTimestampLtz = &Function{
		Spec: funcs.Spec{Name: "TO_TIMESTAMP_LTZ", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"TO_TIMESTAMP_LTZ(numeric[, precision])", "TO_TIMESTAMP_LTZ(string1[, string2[, string3]])"},
			Description: "The instant numeric units of 10^-precision seconds after the epoch (precision 0 to 9, default 3: milliseconds), as a TIMESTAMP_LTZ(max(3, precision)) shown in 'table.local-time-zone'; or the string string1 read by the DateTimeFormatter pattern string2 (default 'yyyy-MM-dd HH:mm:ss') as a wall clock of the zone string3 (default 'UTC'), with the precision of the pattern's longest run of S, NULL when it does not parse. Flink 1.20 had precisions 0 and 3 only; the rest are Flink 2.x's.",
			Examples: []funcs.Example{
				{SQL: "TO_TIMESTAMP_LTZ(0, 3) = TO_TIMESTAMP_LTZ(0, 0)", Result: "TRUE"},
				{SQL: "TO_TIMESTAMP_LTZ(1234567890123456789, 9)", Result: "2009-02-13 23:31:30.123456789"},
				{SQL: "TO_TIMESTAMP_LTZ('2023-01-01 00:00:00', 'yyyy-MM-dd HH:mm:ss', 'Asia/Shanghai')", Result: "2022-12-31 16:00:00.000"},
			},
		},
		Min: 1, Max: 3, Build: buildToTimestampLTZ,
	}

	fnUnixTimestamp = &Function{
		Spec: funcs.Spec{Name: "UNIX_TIMESTAMP", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"UNIX_TIMESTAMP()", "UNIX_TIMESTAMP(string1[, string2])"},
			Description: "Without arguments the statement's time in epoch seconds; with text, the text read with the SimpleDateFormat pattern string2 (default 'yyyy-MM-dd HH:mm:ss') in table.local-time-zone (or the offset the text gives), in epoch seconds; -9223372036854775808 when it does not parse.",
			Examples: []funcs.Example{
				{SQL: "UNIX_TIMESTAMP('1970-01-01 08:00:01')", Result: "28801"},
				{SQL: "UNIX_TIMESTAMP('1970-01-01 08:00:01.001 +0800', 'yyyy-MM-dd HH:mm:ss.SSS X')", Result: "1"},
			},
		},
		Min: 0, Max: 2, Build: buildUnixTimestamp,
	}

	fnWeek = &Function{
		Spec: funcs.Spec{Name: "WEEK", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"WEEK(date)"},
			Description: "Returns the ISO-8601 week of the year (1 to 53) as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "WEEK(DATE '1994-09-27')", Result: "39"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}

	fnYear = &Function{
		Spec: funcs.Spec{Name: "YEAR", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"YEAR(date)"},
			Description: "Returns the year as a BIGINT, like EXTRACT.",
			Examples: []funcs.Example{
				{SQL: "YEAR(DATE '1994-09-27')", Result: "1994"},
			},
		},
		Min: 1, Max: 1, Build: buildDatePart,
	}
)
