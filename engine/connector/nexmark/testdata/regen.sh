#!/bin/sh
# Regenerates the *.tsv files of this folder from Nexmark's own generator
# classes: nexmark-flink/src/main/java/com/github/nexmark/flink/{generator,
# model,NexmarkConfiguration.java,utils/NexmarkUtils.java} of
# github.com/nexmark/nexmark at commit 6b3646c3baec701f1fa74baf938d235f742e5d3c,
# compiled unchanged (with one-line stubs for the Flink, jackson and slf4j
# names they import) into the directory $NEXMARK_CLASSES, and NexmarkDump.java.
# Each file starts with the case: the seed generator value, base time, events
# skipped, events printed, the connector options and NexmarkConfiguration's
# fields they set.
set -e
: "${NEXMARK_CLASSES:?set NEXMARK_CLASSES to the compiled Nexmark classes}"
cd "$(dirname "$0")"
out=$(mktemp -d)
javac -cp "$NEXMARK_CLASSES" -d "$out" NexmarkDump.java
dump() { # file gen base skip count options java-fields...
	f=$1 gen=$2 base=$3 skip=$4 count=$5 opts=$6
	shift 6
	{
		echo "# gen=$gen base=$base skip=$skip count=$count"
		echo "# options: $opts"
		java --add-opens java.base/java.util=ALL-UNNAMED -cp "$NEXMARK_CLASSES:$out" NexmarkDump "$gen" "$base" "$skip" "$count" "$@"
	} >"$f"
}
dump default.tsv 0 1700000000000 0 60 ""
dump proportions.tsv 0 1700000000000 0 40 \
	"person.proportion=10 auction.proportion=20 bid.proportion=20 first-event.rate=777 person.avg-size=1kb auction.avg-size=2kb bid.avg-size=50b bid.hot-ratio.auctions=3 bid.hot-ratio.bidders=5 auction.hot-ratio.sellers=7" \
	personProportion=10 auctionProportion=20 bidProportion=20 firstEventRate=777 avgPersonByteSize=1024 avgAuctionByteSize=2048 avgBidByteSize=50 hotAuctionRatio=3 hotBiddersRatio=5 hotSellersRatio=7
dump firstbid.tsv 42 1600000000123 0 30 "person.proportion=1 auction.proportion=1 bid.proportion=8 first-event.rate=3" \
	personProportion=1 auctionProportion=1 bidProportion=8 firstEventRate=3
dump far.tsv 0 1700000000000 1000000 20 ""
dump bigextra.tsv -7 1700000000000 0 12 "auction.avg-size=1mb person.avg-size=600kb person.proportion=2 auction.proportion=2 bid.proportion=4" \
	avgAuctionByteSize=1048576 avgPersonByteSize=614400 personProportion=2 auctionProportion=2 bidProportion=4
dump stopat.tsv 0 1700000000000 0 10 "events.num=5 stop-at=3" numEvents=5 stopAtEvent=3
rm -r "$out"
