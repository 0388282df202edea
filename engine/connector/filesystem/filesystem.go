// Package filesystem is Flink's 'filesystem' connector: a table whose rows
// live in files under a directory, one line per row in the csv or json
// format, with PARTITIONED BY columns in k=v directory names.
//
// Reading lists every visible file (names not starting with '.' or '_')
// under the path, recursively, and ends; with 'source.monitor-interval' it
// keeps watching for new files on the query's clock. Writing appends: each
// job writes new part files, under a hidden in-progress name first, and
// renames them into place when they roll and when the job ends, so a
// failure never leaves a half-written visible file.
package filesystem

import (
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Option keys, spelled as Flink spells them.
const (
	keyPath                   = "path"
	keyFormat                 = "format"
	keyPartitionDefaultName   = "partition.default-name"
	keyMonitorInterval        = "source.monitor-interval"
	keyReportStatistics       = "source.report-statistics"
	keyPathRegex              = "source.path.regex-pattern"
	keyRollingFileSize        = "sink.rolling-policy.file-size"
	keyRolloverInterval       = "sink.rolling-policy.rollover-interval"
	keyInactivityInterval     = "sink.rolling-policy.inactivity-interval"
	keyCheckInterval          = "sink.rolling-policy.check-interval"
	keyShuffleByPartition     = "sink.shuffle-by-partition.enable"
	keyTimeExtractorKind      = "partition.time-extractor.kind"
	keyTimeExtractorClass     = "partition.time-extractor.class"
	keyTimeExtractorFormatter = "partition.time-extractor.timestamp-formatter"
	keyTimeExtractorPattern   = "partition.time-extractor.timestamp-pattern"
	keyCommitTrigger          = "sink.partition-commit.trigger"
	keyCommitDelay            = "sink.partition-commit.delay"
	keyCommitWatermarkZone    = "sink.partition-commit.watermark-time-zone"
	keyCommitPolicyKind       = "sink.partition-commit.policy.kind"
	keyCommitPolicyClass      = "sink.partition-commit.policy.class"
	keyCommitPolicyParameters = "sink.partition-commit.policy.class.parameters"
	keyCommitSuccessFileName  = "sink.partition-commit.success-file.name"
	keyAutoCompaction         = "auto-compaction"
	keyCompactionFileSize     = "compaction.file-size"
	keySinkParallelism        = "sink.parallelism"
	defaultPartitionName      = "__DEFAULT_PARTITION__"
	defaultRollingFileSize    = 128 << 20
	defaultSuccessFileName    = "_SUCCESS"
	sourceClass               = "org.apache.flink.connector.file.table.FileSystemTableSource"
)

// options are the connector's own options (format options are declared
// with their format, in formats.go).
var options = []connector.Option{
	{Key: "connector", Type: connector.String, Required: true,
		Description: "Specify what connector to use, here should be 'filesystem'."},
	{Key: keyPath, Type: connector.String, Required: true,
		Description: "The path of a directory."},
	{Key: keyFormat, Type: connector.String, Required: true,
		Description: "Defines the format identifier for encoding data: 'csv' or 'json' here. The identifier is used to discover a suitable format factory."},
	{Key: keyPartitionDefaultName, Type: connector.String, Default: defaultPartitionName,
		Description: "The default partition name in case the dynamic partition column value is null/empty string."},
	{Key: keyMonitorInterval, Type: connector.Duration,
		Description: "The interval in which the source checks for new files. The interval must be greater than 0. Each file is uniquely identified by its path, and will be processed once, as soon as it's discovered. The set of files already processed is kept in state during the whole lifecycle of the source. When not set, the source is bounded."},
	{Key: keyReportStatistics, Type: connector.String, Default: "ALL",
		Description: "The file statistics type which the source could provide: 'NONE' or 'ALL'."},
	{Key: keyPathRegex, Type: connector.String,
		Description: "The regex pattern to filter files or directories in the directory of the `path` option."},
	{Key: keyRollingFileSize, Type: connector.MemorySize, Default: "128mb",
		Description: "The maximum part file size before rolling."},
	{Key: keyRolloverInterval, Type: connector.Duration, Default: "30 min",
		Description: "The maximum time duration a part file can stay open before rolling (by default long enough to avoid too many small files). The frequency at which this is checked is controlled by the 'sink.rolling-policy.check-interval' option."},
	{Key: keyInactivityInterval, Type: connector.Duration, Default: "30 min",
		Description: "The maximum time duration a part file can stay inactive before rolling (by default long enough to avoid too many small files). The frequency at which this is checked is controlled by the 'sink.rolling-policy.check-interval' option."},
	{Key: keyCheckInterval, Type: connector.Duration, Default: "1 min",
		Description: "The interval for checking time based rolling policies. This controls the frequency to check whether a part file should rollover based on 'sink.rolling-policy.rollover-interval'."},
	{Key: keyShuffleByPartition, Type: connector.Boolean, Default: "false",
		Description: "The option to enable shuffle data by dynamic partition fields in sink phase, this can greatly reduce the number of file for filesystem sink but may lead data skew."},
	{Key: keyTimeExtractorKind, Type: connector.String, Default: "default",
		Description: "Time extractor to extract time from partition values: 'default' or 'custom'."},
	{Key: keyTimeExtractorClass, Type: connector.String,
		Description: "The extractor class for implement PartitionTimeExtractor interface."},
	{Key: keyTimeExtractorFormatter, Type: connector.String,
		Description: "The formatter to format timestamp from string, used with 'partition.time-extractor.timestamp-pattern'."},
	{Key: keyTimeExtractorPattern, Type: connector.String,
		Description: "The 'default' construction way allows users to use partition fields to get a legal timestamp pattern."},
	{Key: keyCommitTrigger, Type: connector.String, Default: "process-time",
		Description: "Trigger type for partition commit: 'process-time' or 'partition-time'."},
	{Key: keyCommitDelay, Type: connector.Duration, Default: "0 ms",
		Description: "The partition will not commit until the delay time."},
	{Key: keyCommitWatermarkZone, Type: connector.String, Default: "UTC",
		Description: "The time zone to parse the long watermark value to TIMESTAMP value, the parsed watermark timestamp is used to compare with partition time to decide the partition should commit or not."},
	{Key: keyCommitPolicyKind, Type: connector.String,
		Description: "Policy to commit a partition is to notify the downstream application that the partition has finished writing: 'metastore', 'success-file' or 'custom', comma separated."},
	{Key: keyCommitPolicyClass, Type: connector.String,
		Description: "The partition commit policy class for implement PartitionCommitPolicy interface."},
	{Key: keyCommitPolicyParameters, Type: connector.String,
		Description: "The parameters passed to the constructor of the custom commit policy, with multiple parameters separated by semicolons."},
	{Key: keyCommitSuccessFileName, Type: connector.String, Default: defaultSuccessFileName,
		Description: "The file name for success-file partition commit policy, default is '_SUCCESS'."},
	{Key: keyAutoCompaction, Type: connector.Boolean, Default: "false",
		Description: "Whether to enable automatic compaction in streaming sink or not."},
	{Key: keyCompactionFileSize, Type: connector.MemorySize,
		Description: "The compaction target file size, the default value is the rolling file size."},
	{Key: keySinkParallelism, Type: connector.Int,
		Description: "Parallelism of writing files into external filesystem."},
}

var spec = connector.Spec{
	Name:        "filesystem",
	Description: "Rows in csv or json files under a directory; PARTITIONED BY columns become k=v subdirectories.",
	Source:      true,
	Sink:        true,
	// The playground's catalog panel puts the table's path in place of <path>.
	Storage: "files under <path>",
	Options: append(append([]connector.Option(nil), options...), formatOptions()...),
}

// Factory is the 'filesystem' connector.
var Factory connector.Factory = factory{}

type factory struct{}

// Spec describes the connector, its options and its formats' options.
func (factory) Spec() *connector.Spec { return &spec }

// PlanSource validates the table as Flink's FileSystemTableFactory does for
// a source and plans the scan.
func (factory) PlanSource(t connector.Table) (connector.ScanSource, error) {
	cfg, err := validate(t, false)
	if err != nil {
		return nil, err
	}
	return &TableSource{cfg: cfg}, nil
}

// PlanSink validates the table for writing.
func (factory) PlanSink(t connector.Table) (connector.SinkTarget, error) {
	cfg, err := validate(t, true)
	if err != nil {
		return nil, err
	}
	return &TableSink{cfg: cfg}, nil
}

// config is a validated filesystem table.
type config struct {
	table       string
	path        string // file:// stripped
	format      string
	physical    types.Schema
	partitions  []int // physical column of each partition key, in key order
	defaultName string
	monitor     int64 // source.monitor-interval in ms; 0 when bounded
	rollSize    int64
	rollover    int64 // ms
	inactivity  int64 // ms
	check       int64 // ms
	csv         csvConfig
	json        jsonConfig

	pathRegex       string // 'source.path.regex-pattern'
	commitPolicy    string // 'sink.partition-commit.policy.kind'
	commitClass     string // 'sink.partition-commit.policy.class'
	successFileName string
}

// dataColumns returns the non-partition columns: what the files hold.
func (c *config) dataColumns() ([]string, []types.Type, []int) {
	var names []string
	var ts []types.Type
	var idx []int
	for i, col := range c.physical.Columns {
		if c.isPartition(i) {
			continue
		}
		names = append(names, col.Name)
		ts = append(ts, col.Type)
		idx = append(idx, i)
	}
	return names, ts, idx
}

func (c *config) isPartition(i int) bool {
	for _, p := range c.partitions {
		if p == i {
			return true
		}
	}
	return false
}

// validate runs the checks of Flink's FileSystemTableFactory: required
// options, option types, unsupported keys (format options are the
// format's business), then the format and its options.
func validate(t connector.Table, sink bool) (*config, error) {
	opts := t.Options
	var missing []string
	for _, k := range []string{keyFormat, keyPath} {
		if _, ok := opts[k]; !ok {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, diag.Validation(diag.NoPos, "One or more required options are missing.\n\nMissing required options are:\n\n%s", strings.Join(missing, "\n"))
	}
	format := opts[keyFormat]
	own := append([]connector.Option(nil), options...)
	// Keys in the format's option space are skipped here (validateExcept).
	for k := range opts {
		if strings.HasPrefix(k, format+".") {
			own = append(own, connector.Option{Key: k, Type: connector.String})
		}
	}
	for _, o := range own {
		if v, ok := opts[o.Key]; ok && o.Type == connector.MemorySize {
			if _, err := parseMemorySize(o.Key, v); err != nil {
				return nil, err
			}
		}
	}
	for _, e := range enumOptions {
		if v, ok := opts[e.key]; ok && !e.valid(v) {
			return nil, &connector.ParseError{Key: e.key, Value: v, Cause: diag.Errorf(diag.NoPos, diag.IllegalArgument,
				"Could not parse value for enum class %s. Expected one of: [[%s]]", e.class, strings.Join(e.values, ", "))}
		}
	}
	if err := connector.ValidateHelper(spec.Name, opts, own); err != nil {
		return nil, err
	}
	if z, ok := opts[keyCommitWatermarkZone]; ok && !validZone(z) {
		return nil, diag.Validation(diag.NoPos, "Invalid time zone for '%s'. The value should be a Time Zone Database (TZDB) ID such as 'America/Los_Angeles' to include daylight saving time. Fixed offsets are supported using 'GMT-03:00' or 'GMT+03:00'. Or use 'UTC' without time zone and daylight saving time.", keyCommitWatermarkZone)
	}
	c := &config{
		table:       t.Name,
		path:        strings.TrimPrefix(opts[keyPath], "file://"),
		format:      format,
		physical:    t.Physical,
		defaultName: defaultPartitionName,
		rollSize:    defaultRollingFileSize,
		rollover:    30 * 60_000,
		inactivity:  30 * 60_000,
		check:       60_000,
	}
	c.pathRegex = opts[keyPathRegex]
	c.commitPolicy = opts[keyCommitPolicyKind]
	c.commitClass = opts[keyCommitPolicyClass]
	c.successFileName = defaultSuccessFileName
	if v, ok := opts[keyCommitSuccessFileName]; ok {
		c.successFileName = v
	}
	if v, ok := opts[keyPartitionDefaultName]; ok {
		c.defaultName = v
	}
	if v, ok := opts[keyMonitorInterval]; ok {
		d, _ := connector.ParseJavaDuration(keyMonitorInterval, v)
		c.monitor, _ = d.Millis()
		if c.monitor <= 0 {
			c.monitor = 0
		}
	}
	if v, ok := opts[keyRollingFileSize]; ok {
		c.rollSize, _ = parseMemorySize(keyRollingFileSize, v)
	}
	for _, d := range []struct {
		key string
		dst *int64
	}{{keyRolloverInterval, &c.rollover}, {keyInactivityInterval, &c.inactivity}, {keyCheckInterval, &c.check}} {
		if v, ok := opts[d.key]; ok {
			jd, _ := connector.ParseJavaDuration(d.key, v)
			*d.dst, _ = jd.Millis()
		}
	}
	for _, k := range t.PartitionKeys {
		c.partitions = append(c.partitions, t.Physical.Index(k))
	}
	if format != "csv" && format != "json" {
		return nil, diag.Validation(diag.NoPos, "Could not find any format factory for identifier '%s' in the classpath.", format)
	}
	if err := c.validateFormat(opts, sink); err != nil {
		return nil, err
	}
	return c, nil
}

// enumOptions are the options Flink declares with an enum type; a value
// matches a constant's text regardless of case.
type enumOption struct {
	key, class string
	values     []string
}

func (e enumOption) valid(v string) bool {
	for _, x := range e.values {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}

var enumOptions = []enumOption{
	{keyReportStatistics, "org.apache.flink.connector.file.table.FileSystemConnectorOptions$FileStatisticsType", []string{"NONE", "ALL"}},
	{keyCommitTrigger, "org.apache.flink.connector.file.table.FileSystemConnectorOptions$PartitionCommitTriggerType", []string{"process-time", "partition-time"}},
}

// validZone accepts what both java.util.TimeZone and ZoneId read alike:
// region ids, UTC, GMT and GMT+hh:mm offsets.
func validZone(z string) bool {
	if z == "UTC" || z == "GMT" || z == "Z" {
		return true
	}
	if rest, ok := strings.CutPrefix(z, "GMT"); ok && len(rest) > 1 && (rest[0] == '+' || rest[0] == '-') {
		return true
	}
	if !strings.Contains(z, "/") {
		return false
	}
	_, err := loadLocation(z)
	return err == nil
}
