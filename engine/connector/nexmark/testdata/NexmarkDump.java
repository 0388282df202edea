import com.github.nexmark.flink.NexmarkConfiguration;
import com.github.nexmark.flink.generator.GeneratorConfig;
import com.github.nexmark.flink.generator.NexmarkGenerator;
import com.github.nexmark.flink.model.Event;
import java.lang.reflect.Field;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

// Prints the first events of Nexmark's generator, one per line, tab-separated.
// Usage: java --add-opens java.base/java.util=ALL-UNNAMED NexmarkDump <defaultGen> <baseTime> <skip> <count> [field=value...]
// Strings longer than 300 characters print as ~<length>:<CRC-32 of their UTF-8, hex>.
public class NexmarkDump {
  public static void main(String[] a) throws Exception {
    long gen = Long.parseLong(a[0]);
    long baseTime = Long.parseLong(a[1]);
    long skip = Long.parseLong(a[2]);
    int count = Integer.parseInt(a[3]);
    NexmarkConfiguration c = new NexmarkConfiguration();
    for (int i = 4; i < a.length; i++) {
      String[] kv = a[i].split("=", 2);
      Field f = NexmarkConfiguration.class.getField(kv[0]);
      if (f.getType() == int.class) f.setInt(c, Integer.parseInt(kv[1]));
      else if (f.getType() == long.class) f.setLong(c, Long.parseLong(kv[1]));
      else if (f.getType() == boolean.class) f.setBoolean(c, Boolean.parseBoolean(kv[1]));
      else throw new IllegalArgumentException(kv[0]);
    }
    // As NexmarkTableSourceFactory and NexmarkSourceReader build it, parallelism 1.
    GeneratorConfig gc = new GeneratorConfig(c, baseTime, 1, c.numEvents, c.stopAtEvent, 1);
    GeneratorConfig split = gc.split(1).get(0);
    Field dg = SplittableRandom.class.getDeclaredField("defaultGen");
    dg.setAccessible(true);
    ((AtomicLong) dg.get(null)).set(gen);
    NexmarkGenerator g = new NexmarkGenerator(split.reconfigure(gc, gc.isSourceIgnoreStop()), 0, -1);
    for (long k = 0; k < skip && g.hasNext(); k++) g.next();
    StringBuilder sb = new StringBuilder();
    for (int n = 0; n < count && g.hasNext(); n++) {
      Event e = g.next().event;
      if (e.newPerson != null) {
        var p = e.newPerson;
        sb.append("P\t").append(p.id).append('\t').append(p.name).append('\t').append(p.emailAddress).append('\t')
          .append(p.creditCard).append('\t').append(p.city).append('\t').append(p.state).append('\t')
          .append(p.dateTime.toEpochMilli()).append('\t').append(s(p.extra));
      } else if (e.newAuction != null) {
        var x = e.newAuction;
        sb.append("A\t").append(x.id).append('\t').append(x.itemName).append('\t').append(x.description).append('\t')
          .append(x.initialBid).append('\t').append(x.reserve).append('\t').append(x.dateTime.toEpochMilli()).append('\t')
          .append(x.expires.toEpochMilli()).append('\t').append(x.seller).append('\t').append(x.category).append('\t')
          .append(s(x.extra));
      } else {
        var b = e.bid;
        sb.append("B\t").append(b.auction).append('\t').append(b.bidder).append('\t').append(b.price).append('\t')
          .append(b.channel).append('\t').append(b.url).append('\t').append(b.dateTime.toEpochMilli()).append('\t')
          .append(s(b.extra));
      }
      sb.append('\n');
    }
    System.out.print(sb);
  }

  static String s(String v) {
    if (v.length() <= 300) return v;
    java.util.zip.CRC32 c = new java.util.zip.CRC32();
    c.update(v.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return "~" + v.length() + ":" + Long.toHexString(c.getValue());
  }
}
