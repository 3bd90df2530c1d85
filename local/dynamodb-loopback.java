import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Starts DynamoDB Local listening on one address (127.0.0.1 unless -Draincheck.host says otherwise).
 * DynamoDB Local has no host option: its Jetty server listens on every interface. This builds the server
 * exactly as DynamoDBLocal.jar's own main does (same command-line options), then sets the host of its
 * Jetty connectors before starting it. Run by local/emulators.ts with Java's single-file source launcher:
 *   java -cp DynamoDBLocal.jar:DynamoDBLocal_lib/* dynamodb-loopback.java -port 8000 -inMemory ...
 * If a future DynamoDB Local changes these internals, this fails loudly rather than listen widely.
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("raincheck.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    if (proxy == null) throw new IllegalStateException("DynamoDB Local did not create a server");
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) {
        throw new IllegalStateException("Unexpected DynamoDB Local connector: " + connector);
      }
      ((ServerConnector) connector).setHost(host);
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host + " only");
  }
}
