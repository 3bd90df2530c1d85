/**
 * The AWS projection of a storm morning (issue 26 item 5) from the real-path bench's measured
 * per-jobsite figures: DynamoDB capacity units, messages, CPU time. Reads the JSON line the bench
 * prints last (a file, or stdin):
 *
 *   npx tsx bench/dispatch-real.ts --jobsites 2000 --soak | tail -1 > /tmp/run.json
 *   npx tsx bench/dispatch/projection.ts /tmp/run.json
 *
 * What is measured comes from that run (the first run of the slot that sent messages). What is not
 * measurable here is named below as an assumption: AWS's round-trip times and list prices.
 */
import { readFileSync } from 'node:fs';
import { fmt } from './measure';

/**
 * us-east-1 list prices (DynamoDB on demand after its November 2024 price cut; an SMS segment to a US
 * number from a toll-free number: End User Messaging's base price plus the carriers' fees, which
 * vary by carrier: the higher end taken); check before quoting.
 */
const PRICE = {
  lambdaGbSecond: 0.0000166667,
  lambdaRequest: 0.2 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  dynamoWriteUnit: 0.625 / 1e6,
  sesEmail: 0.1 / 1000,
  smsSegment: 0.00581 + 0.003,
  sqsRequest: 0.4 / 1e6,
};
/** Assumed, not measured here: an in-region DynamoDB call, an SES SendEmail and an SMS send from Lambda. */
const AWS_MS = { dynamoCall: 10, sesSend: 60, smsSend: 60 };
/** The worker as configured: jobsites in flight in a batch, jobsites per queue message. */
const JOBSITES_IN_FLIGHT = 8;
const BATCH_SIZE = 1000;
/** 1,769 MB is one full vCPU in Lambda: the CPU measured on one core here maps onto it. */
const MEMORY_GB = 1769 / 1024;

interface Outcome {
  label: string;
  due: number;
  sent: number;
  /** Texts and their segments (absent in JSON lines from before the SMS server was in the bench). */
  texts?: number;
  textSegments?: number;
  dynamoCalls: number;
  capacity?: { read: number; write: number };
  cpuMs?: number;
}

const text = readFileSync(process.argv[2] ?? 0, 'utf8')
  .trim()
  .split('\n')
  .at(-1)!;
const run = JSON.parse(text) as { jobsites: number; outcomes: Outcome[]; load?: number[] };
const first = run.outcomes.find((o) => o.sent > 0 && o.capacity && o.cpuMs !== undefined);
if (!first) throw new Error('No measured run with messages, capacity and CPU time in that JSON');

const per = {
  messages: first.sent / first.due,
  texts: (first.texts ?? 0) / first.due,
  textSegments: (first.textSegments ?? 0) / first.due,
  calls: first.dynamoCalls / first.due,
  readUnits: first.capacity!.read / first.due,
  writeUnits: first.capacity!.write / first.due,
  cpuMs: first.cpuMs! / first.due,
};
// Lambda time per jobsite: its CPU, plus its round trips overlapped JOBSITES_IN_FLIGHT at a time.
const ioMs =
  (per.calls * AWS_MS.dynamoCall + per.messages * AWS_MS.sesSend + per.texts * AWS_MS.smsSend) /
  JOBSITES_IN_FLIGHT;
const lambdaMsPerJobsite = per.cpuMs + ioMs;

function storm(jobsites: number, withinSeconds: number) {
  const workerSeconds = (jobsites * lambdaMsPerJobsite) / 1000;
  return {
    jobsites,
    withinSeconds,
    batches: Math.ceil(jobsites / BATCH_SIZE),
    workers: Math.max(1, Math.ceil(workerSeconds / withinSeconds)),
    sesRate: Math.ceil((jobsites * per.messages) / withinSeconds),
    smsRate: Math.ceil((jobsites * per.texts) / withinSeconds),
  };
}

const N = 100_000;
const batches = Math.ceil(N / BATCH_SIZE);
const cost = {
  lambda:
    ((N * lambdaMsPerJobsite) / 1000) * MEMORY_GB * PRICE.lambdaGbSecond + batches * PRICE.lambdaRequest,
  dynamo: N * (per.readUnits * PRICE.dynamoReadUnit + per.writeUnits * PRICE.dynamoWriteUnit),
  ses: N * per.messages * PRICE.sesEmail,
  sms: N * per.textSegments * PRICE.smsSegment,
  // Each batch: sent, received (once, or up to 3 times on retries: counted 3), deleted.
  sqs: batches * 5 * PRICE.sqsRequest,
};
const total = Object.values(cost).reduce((sum, usd) => sum + usd, 0);

console.log(
  `measured (${first.label}, ${fmt(first.due)} jobsites, load ${run.load?.map((l) => l.toFixed(1)).join(' ') ?? '?'}):`,
);
console.log(
  `  per jobsite: ${fmt(per.messages, 3)} emails, ${fmt(per.texts, 3)} texts (${fmt(per.textSegments, 3)} segments), ` +
    `${fmt(per.calls, 1)} DynamoDB calls, ` +
    `${fmt(per.readUnits, 2)} read and ${fmt(per.writeUnits, 2)} write capacity units, ${fmt(per.cpuMs, 1)} ms CPU`,
);
console.log(
  `assumed: DynamoDB ${AWS_MS.dynamoCall} ms, SES ${AWS_MS.sesSend} ms and SMS ${AWS_MS.smsSend} ms a call, ${JOBSITES_IN_FLIGHT} jobsites in flight → ` +
    `${fmt(lambdaMsPerJobsite, 1)} ms of worker Lambda per jobsite at ${fmt(MEMORY_GB * 1024)} MB`,
);
console.log('| storm morning | batches | worker Lambdas at once | SES rate needed | SMS rate needed |');
console.log('|---|---:|---:|---:|---:|');
for (const s of [storm(10_000, 60), storm(100_000, 600), storm(100_000, 60)])
  console.log(
    `| ${fmt(s.jobsites)} jobsites within ${s.withinSeconds} s | ${fmt(s.batches)} | ${fmt(s.workers)} | ${fmt(s.sesRate)}/s | ${fmt(s.smsRate)}/s |`,
  );
console.log(`| cost per ${fmt(N)} jobsite-runs | USD |`);
console.log('|---|---:|');
for (const [k, v] of Object.entries(cost)) console.log(`| ${k} | ${fmt(v, 2)} |`);
console.log(`| total | ${fmt(total, 2)} |`);
console.log(JSON.stringify({ bench: 'dispatch-projection', per, lambdaMsPerJobsite, cost, total }));
