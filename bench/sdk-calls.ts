/**
 * CPU per AWS SDK call on the dispatch's path (issue 26 items 4–5): the three clients a dispatch
 * worker uses, each called as the worker calls it, against the real local receivers (DynamoDB Local,
 * the SES emulator, the local SMS server, each a process of its own so their CPU is not ours).
 *
 *   npx tsx bench/sdk-calls.ts                       # 1,500 calls of each kind, 8 in flight, 3 rounds
 *   npx tsx bench/sdk-calls.ts --calls 3000 --in-flight 16 --rounds 5
 *   npx tsx bench/sdk-calls.ts --kinds ses --variants 'as built'   # one kind and client (profiling)
 *
 * Two clients of each kind, called round-robin in the same run: **as built** (the product's own
 * factories: `createSesClient`, `EndUserMessagingSender`, `createDocumentClient`) and the baseline,
 * **SDK defaults** (the same SDK client with only its region, endpoint and dummy keys, as the
 * factories were before issue 26). Each kind's calls:
 * - SES: `SesNoticeMailer.send` of a notice-like email (4.5 KB of HTML, its text, the RFC 8058 headers).
 * - SMS: `SendTextMessage` of a 150-character notice.
 * - DynamoDB (the document client): a conditional put of a new claim, a get, an update that adds to a
 *   count and a query of 10 items, in turn.
 * Reports CPU µs per call in this process (median of the rounds; `process.cpuUsage`, GC included)
 * and in the receiver's process, and the calls per second. The last line is JSON.
 */
import { loadavg } from 'node:os';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../lambdas/adapters/dynamo/client';
import { createSesClient } from '../lambdas/adapters/ses/ses.mailer';
import { SesNoticeMailer } from '../lambdas/adapters/ses/ses.notice-mailer';
import { EndUserMessagingSender } from '../lambdas/adapters/sms/end-user-messaging.sender';
import { startDynamoDbLocal, startSesLocal } from '../local/emulators';
import { freePorts } from '../local/processes';
import { ensureTable } from '../local/provision';
import { fmt } from './dispatch/measure';
import { processCpuMs } from './dispatch/emulator-cpu';
import { BENCH_SMS_NUMBER, runSmsOutbox, startSmsOutbox } from './dispatch/sms-outbox';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

/** `--kinds ses,sms` / `--variants 'as built'`: only those (all when absent). */
const only = (name: string, value: string) => {
  const i = args.indexOf(name);
  return i < 0 || args[i + 1]!.split(',').includes(value);
};

const REGION = 'us-east-1';
const KEYS = { accessKeyId: 'local', secretAccessKey: 'local' };
const TABLE = 'bench-sdk-calls';

/** HTML in the style of a delay notice's (inline styles, quoted attributes, a few non-ASCII characters), ~4.5 KB. */
function noticeHtml(n: number): string {
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 8px;color:#555;font-family:Arial,sans-serif">${label}</td>` +
    `<td style="padding:4px 8px;font-family:Arial,sans-serif"><strong>${value}</strong></td></tr>\n`;
  let rows = '';
  for (let h = 6; rows.length < 3600; h += 1)
    rows += row(`${h}:00 — hour ${h - 5}`, `Rain 3.${h} mm, gusts ${30 + h} km/h, “no pour” (#${n})`);
  return (
    `<!doctype html>\n<html><body style="margin:0;background:#f4f4f4">\n` +
    `<h1 style="font-size:20px">Work delayed at Jobsite ${n}: tomorrow's forecast</h1>\n` +
    `<table role="presentation" style="border-collapse:collapse;width:100%">\n${rows}</table>\n` +
    `<p><a href="https://app.raincheck.example/n/abc${n}" style="color:#0b5">Open the notice</a></p>\n` +
    `</body></html>`
  );
}

type Call = (i: number) => Promise<unknown>;
interface Kind {
  key: 'ses' | 'sms' | 'dynamo';
  name: string;
  receiverPid: number;
  variants: { name: string; call: Call }[];
}

/** `calls` calls, `inFlight` at a time; this process's CPU and the receiver's, in ms. */
async function measure(call: Call, from: number, calls: number, inFlight: number, receiverPid: number) {
  const cpu0 = process.cpuUsage();
  const rx0 = processCpuMs(receiverPid) ?? 0;
  const t0 = performance.now();
  let next = from;
  const end = from + calls;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < end) await call(next++);
    }),
  );
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    receiverMs: (processCpuMs(receiverPid) ?? 0) - rx0,
    wallMs,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function sesKind(endpoint: string, pid: number): Kind {
  const mailerOf = (client: SESv2Client) =>
    new SesNoticeMailer(client, {
      from: 'Raincheck <alerts@raincheck.example>',
      configurationSet: 'raincheck-bench',
      unsubscribeMailto: 'unsubscribe@raincheck.example',
      gate: { take: async () => undefined },
    });
  const send = (mailer: SesNoticeMailer) => (i: number) =>
    mailer.send({
      to: `crew${i}@example.com`,
      subject: `Work delayed at Jobsite ${i} tomorrow`,
      text: `Rain is forecast at Jobsite ${i} tomorrow from 6:00. Work is delayed.\n`.repeat(12),
      html: noticeHtml(i),
      unsubscribeUrl: `https://app.raincheck.example/unsubscribe?t=${i}`,
      fromName: 'Acme Builders',
      replyTo: 'office@acme.example',
    });
  return {
    key: 'ses',
    name: 'SES SendEmail (a notice)',
    receiverPid: pid,
    variants: [
      {
        name: 'SDK defaults',
        call: send(mailerOf(new SESv2Client({ region: REGION, endpoint, credentials: KEYS }))),
      },
      { name: 'as built', call: send(mailerOf(createSesClient({ region: REGION, endpoint }))) },
    ],
  };
}

function smsKind(endpoint: string, pid: number): Kind {
  const body = (i: number) =>
    `Raincheck: work at Jobsite ${i} is delayed tomorrow (rain from 6:00). `.padEnd(150, '.');
  const client = new PinpointSMSVoiceV2Client({
    region: REGION,
    endpoint,
    credentials: KEYS,
    maxAttempts: 2,
  });
  const sender = new EndUserMessagingSender({
    region: REGION,
    endpoint,
    originationIdentity: BENCH_SMS_NUMBER,
    configurationSet: 'raincheck-bench',
  });
  const to = (i: number) => `+1202555${String(i % 10_000).padStart(4, '0')}`;
  return {
    key: 'sms',
    name: 'SMS SendTextMessage',
    receiverPid: pid,
    variants: [
      {
        name: 'SDK defaults',
        call: (i) =>
          client.send(
            new SendTextMessageCommand({
              DestinationPhoneNumber: to(i),
              OriginationIdentity: BENCH_SMS_NUMBER,
              MessageBody: body(i),
              MessageType: 'TRANSACTIONAL',
              ConfigurationSetName: 'raincheck-bench',
            }),
          ),
      },
      { name: 'as built', call: (i) => sender.send({ to: to(i), body: body(i) }) },
    ],
  };
}

function dynamoKind(endpoint: string, pid: number): Kind {
  const calls = (doc: DynamoDBDocumentClient, tag: string): Call => {
    return (i) => {
      const pk = `bench#${tag}#${i >> 2}`;
      switch (i % 4) {
        case 0:
          return doc.send(
            new PutCommand({
              TableName: TABLE,
              Item: { pk, sk: 'claim', status: 'claimed', at: new Date().toISOString(), jobsiteId: `j${i}` },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          );
        case 1:
          return doc.send(new GetCommand({ TableName: TABLE, Key: { pk, sk: 'claim' } }));
        case 2:
          return doc.send(
            new UpdateCommand({
              TableName: TABLE,
              Key: { pk: `bench#${tag}#count`, sk: 'count' },
              UpdateExpression: 'ADD sent :one',
              ExpressionAttributeValues: { ':one': 1 },
            }),
          );
        default:
          return doc.send(
            new QueryCommand({
              TableName: TABLE,
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': 'bench#workers' },
              Limit: 10,
            }),
          );
      }
    };
  };
  const marshallOptions = { removeUndefinedValues: true };
  const defaults = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: REGION, endpoint, credentials: KEYS }),
    {
      marshallOptions,
    },
  );
  return {
    key: 'dynamo',
    name: 'DynamoDB (put, get, update, query)',
    receiverPid: pid,
    variants: [
      { name: 'SDK defaults', call: calls(defaults, 'defaults') },
      { name: 'as built', call: calls(createDocumentClient({ region: REGION, endpoint }), 'built') },
    ],
  };
}

async function seedWorkers(endpoint: string) {
  const doc = createDocumentClient({ region: REGION, endpoint });
  for (let w = 0; w < 10; w += 1)
    await doc.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          pk: 'bench#workers',
          sk: `worker#${w}`,
          name: `Worker ${w}`,
          email: `w${w}@example.com`,
          sms: true,
        },
      }),
    );
}

async function main() {
  if (args.includes('--sms-server')) return runSmsOutbox();
  const calls = opt('--calls', 1500);
  const inFlight = opt('--in-flight', 8);
  const rounds = opt('--rounds', 3);
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  const [dynamoPort, sesPort] = await freePorts(2);
  const dynamo = await startDynamoDbLocal({ port: dynamoPort!, dataDir: null });
  const ses = await startSesLocal({ port: sesPort!, maxSendRate: 100_000 });
  const sms = await startSmsOutbox();
  const dynamoUrl = `http://127.0.0.1:${dynamoPort}`;
  const loadAtStart = loadavg();
  const rows: { kind: string; variant: string; cpuUs: number; receiverUs: number; perSecond: number }[] = [];
  try {
    await ensureTable(new DynamoDBClient({ region: REGION, endpoint: dynamoUrl }), TABLE);
    await seedWorkers(dynamoUrl);
    const kinds = [
      sesKind(`http://127.0.0.1:${sesPort}`, ses.child.pid!),
      smsKind(sms.url, sms.pid),
      dynamoKind(dynamoUrl, dynamo.child.pid!),
    ]
      .filter((k) => only('--kinds', k.key))
      .map((k) => ({ ...k, variants: k.variants.filter((v) => only('--variants', v.name)) }));
    console.log(
      `SDK calls: ${fmt(calls)} of each kind per round, ${inFlight} in flight, ${rounds} rounds; ` +
        `Node ${process.version}, load ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`,
    );
    let offset = 0;
    for (const kind of kinds) {
      // Warm-up: each client's first calls build its chain, endpoint cache and sockets.
      for (const v of kind.variants)
        await measure(v.call, (offset += calls), 200, inFlight, kind.receiverPid);
      const samples = kind.variants.map(() => [] as Awaited<ReturnType<typeof measure>>[]);
      for (let r = 0; r < rounds; r += 1)
        for (const [k, v] of kind.variants.entries())
          samples[k]!.push(await measure(v.call, (offset += calls), calls, inFlight, kind.receiverPid));
      for (const [k, v] of kind.variants.entries()) {
        const s = samples[k]!;
        rows.push({
          kind: kind.name,
          variant: v.name,
          cpuUs: (median(s.map((x) => x.cpuMs)) * 1000) / calls,
          receiverUs: (median(s.map((x) => x.receiverMs)) * 1000) / calls,
          perSecond: calls / (median(s.map((x) => x.wallMs)) / 1000),
        });
      }
    }
  } finally {
    await sms.close();
    await ses.stop();
    await dynamo.stop();
  }
  console.log(
    '\n| calls | client | our CPU µs per call | receiver CPU µs per call | calls/s | our CPU ÷ SDK defaults |',
  );
  console.log('|---|---|---:|---:|---:|---:|');
  for (const row of rows) {
    const base = rows.find((r) => r.kind === row.kind && r.variant === 'SDK defaults');
    console.log(
      `| ${row.kind} | ${row.variant} | ${fmt(row.cpuUs)} | ${fmt(row.receiverUs)} | ${fmt(row.perSecond)} | ` +
        `${base ? (row.cpuUs / base.cpuUs).toFixed(2) : '—'} |`,
    );
  }
  console.log(
    `load at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    JSON.stringify({ bench: 'sdk-calls', calls, inFlight, rounds, load: [loadAtStart, loadavg()], rows }),
  );
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
