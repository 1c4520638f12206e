import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { WebhookSubscriptionsTable } from '../db/schema.js';
import { webhookListenersChanged } from '../jobs/webhookEvents.js';
import { isDelivered, nextAttemptAt, WEBHOOK_RETRY_WINDOW_MS } from '../../common/integrations/webhookRules.js';
import { postDelivery, type PostOptions, type PostResult } from './post.js';
import { signDelivery, type SigningSecrets } from './signing.js';
import type { WebhooksRepository } from './webhooksRepository.js';

/**
 * Sends each subscription's pending deliveries, in order, one at a time: a per-subscription
 * cursor over webhook_deliveries rather than one job per delivery.
 *
 * - One sender per subscription across all processes: the subscription's lease (lease_until,
 *   renewed while sending; a killed process's lease runs out after LEASE_MS).
 * - The next delivery waits for the one before: on a failure the sender stops, the row keeps its
 *   next attempt time (webhookRules: exponential with jitter, for a day), and a durable job is
 *   queued for then (`schedule`). A delivery given up is 'failed', and the next one goes.
 * - A row becomes 'delivered' only after its 2xx is recorded (successes are written in batches,
 *   before any failure is): a process killed mid-way sends the unrecorded ones again (at least
 *   once), never skips one.
 * - A subscription failing for a day (failing_since) is disabled and its group's administrators
 *   are told (`onDisabled`).
 * - Once idle, a sender lingers a little, woken by a new event of this process, so that a steady
 *   stream does not pay a job's start each time; senders starting together take their leases in
 *   one statement (`taker`). An event committed by this process comes with its deliveries
 *   (`run(id, handed)`): the sender sends them without reading them, each as soon as the one
 *   before it is answered 2xx, and its successes go into one statement with every other sender's
 *   (group commit, `recorder`), written while it sends the next. It reads the pending rows only
 *   when that is needed: woken without the deliveries (a caller's transaction; once more after a
 *   read that found nothing, in case the wake came before the commit), after a full batch (a
 *   backlog), when another process says it queued deliveries for the subscription (the Redis
 *   backplane, webhooksJobs.ts), and when the process's poll finds a delivery pending that was
 *   not handed over (another process's events without Redis; events of two processes have no
 *   order between them). The database stays the record: a row is 'delivered' only once its 2xx
 *   is written.
 * - The senders share the database fairly with requests: `db` is the senders' own small pool on
 *   PostgreSQL (WEBHOOKS_DB_CONNECTIONS), and at most `statements` of their statements are in
 *   flight at once in this process, each started on a later turn of the event loop
 *   (setImmediate), so 100 senders cannot queue 100 statements ahead of a request. On PGlite,
 *   one connection for all, that bound is 1: a request waits behind one sender statement at most.
 */
export interface DelivererOptions {
  db: Db;
  repo: WebhooksRepository;
  post: Omit<PostOptions, 'resolve'> & { resolve?: PostOptions['resolve'] };
  /** Queues a durable wake of the subscription's sender at `at` (pg-boss, singleton per subscription). */
  schedule(subscriptionId: number, at: Date): Promise<void>;
  onDisabled(subscriptionId: number, groupNum: number, url: string): Promise<void>;
  now?: () => Date;
  random?: () => number;
  /** How long an idle sender waits for more before it ends (0: it ends at once, as tests want). */
  lingerMs?: number;
  /** Senders' statements in flight at once in this process (default 1). */
  statements?: number;
}

const BATCH = 100;
const LEASE_MS = 60_000;
const IDLE_POLL_MS = 500;
/**
 * A busy sender trusts what it is handed (no read after each batch) for this long after its last
 * read: a delivery committed by another process (no hand-off here) waits at most this long.
 */
const POLL_MS = 2_500;
/**
 * A pending delivery older than this is not one this process has just handed to its sender (those
 * are sent within milliseconds): the poll (below) tells its sender to read.
 */
const POLL_GRACE_MS = 2_000;

type Subscription = Pick<
  Selectable<WebhookSubscriptionsTable>,
  'status' | 'site_group_num' | 'url' | 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_until' | 'failing_since'
>;

interface Pending {
  delivery_id: number;
  event_id: string;
  attempt: number;
  created_at: Date | string;
  next_attempt_at: Date | string | null;
  type: string;
  payload: unknown;
  event_at: Date | string;
}

/** What wakes a running sender: `woken` (something new), with the new deliveries (`handed`) unless it must read them (`read`). */
interface SenderState {
  wake(): void;
  woken: boolean;
  handed: Pending[];
  read: boolean;
}

export function deliverer(options: DelivererOptions) {
  const { db, repo } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const lingerMs = options.lingerMs ?? 2_000;
  const gate = statementGate(options.statements ?? 1);
  /** This process's running senders, by subscription, with what wakes each. */
  const running = new Map<number, SenderState>();
  let stopped = false;

  const SUBSCRIPTION_COLUMNS = sql.raw(
    's.status, s.site_group_num, s.url, s.secret_sealed, s.previous_secret_sealed, s.previous_secret_until, s.failing_since',
  );
  type Done = { row: Pending; result: PostResult; at: Date }[];
  /**
   * One statement per batch of a running sender: records the batch's 2xx answers (`done`, then
   * emptied) and the subscription's success, renews the lease, and reads the next pending
   * deliveries with their events (the statement reads the rows as they were before it, so the ones
   * it records are left out). Undefined when the subscription is gone.
   */
  const step = async (id: number, done: Done = []) => {
    const at = now();
    const delivered = done.map(
      ({ row, result, at }) =>
        sql`(${Number(row.delivery_id)}::bigint, ${result.statusCode}::int, ${result.latencyMs}::int, ${result.responseExcerpt}::text, ${at}::timestamptz)`,
    );
    const query = sql<Subscription & { pending: Pending[] | string }>`
      with ${
        delivered.length
          ? sql`delivered as (
        update webhook_deliveries d set status = 'delivered', attempt = d.attempt + 1, status_code = v.code, latency_ms = v.latency,
          response_excerpt = v.excerpt, error = null, attempted_at = v.at, next_attempt_at = null
        from (values ${sql.join(delivered)}) as v(id, code, latency, excerpt, at)
        where d.delivery_id = v.id
        returning 1
      ),`
          : sql``
      } s as (
        update webhook_subscriptions s set lease_until = ${new Date(at.getTime() + LEASE_MS)}
          ${done.length ? sql`, last_delivery_at = ${done.at(-1)!.at}, last_status = 'delivered', failing_since = null` : sql``}
        where s.subscription_id = ${id}
        returning ${SUBSCRIPTION_COLUMNS}
      )
      select ${SUBSCRIPTION_COLUMNS}, coalesce((
        select json_agg(p order by p.delivery_id) from (
          select d.delivery_id, d.event_id, d.attempt, d.created_at, d.next_attempt_at, e.type, e.payload, e.created_at as event_at
          from webhook_deliveries d join webhook_events e on e.event_id = d.event_id
          where d.subscription_id = ${id} and d.status = 'pending'
            ${done.length ? sql`and d.delivery_id <> all(${done.map(({ row }) => Number(row.delivery_id))}::bigint[])` : sql``}
          order by d.delivery_id
          limit ${BATCH}
        ) p
      ), '[]'::json) as pending
      from s`;
    const { rows } = await gate(() => query.execute(db));
    done.length = 0;
    const row = rows[0];
    if (!row) return undefined;
    // PGlite hands json back as text.
    const pending = (typeof row.pending === 'string' ? JSON.parse(row.pending) : row.pending) as Pending[];
    return { ...row, pending };
  };
  /**
   * The successes of every sender that has nothing else in hand, in one statement (a sender's own
   * `step` would be one statement per delivery at a steady stream): each delivery marked, each
   * subscription's success recorded and its lease renewed; answers each subscription as it now is
   * (a disable, a rotated secret or a new url is seen, as after a step). One statement in flight;
   * the successes that come meanwhile go in the next.
   */
  const recorder = groupCommit<Done[number], Subscription>(async (batch) => {
    const at = now();
    const deliveries = [...batch.values()].flatMap((done) =>
      done.map(
        ({ row, result, at }) =>
          sql`(${Number(row.delivery_id)}::bigint, ${result.statusCode}::int, ${result.latencyMs}::int, ${result.responseExcerpt}::text, ${at}::timestamptz)`,
      ),
    );
    const subscriptions = [...batch].map(([id, done]) => sql`(${id}::int, ${done.at(-1)!.at}::timestamptz)`);
    const { rows } = await gate(() =>
      sql<Subscription & { subscription_id: number }>`
        with delivered as (
          update webhook_deliveries d set status = 'delivered', attempt = d.attempt + 1, status_code = v.code, latency_ms = v.latency,
            response_excerpt = v.excerpt, error = null, attempted_at = v.at, next_attempt_at = null
          from (values ${sql.join(deliveries)}) as v(id, code, latency, excerpt, at)
          where d.delivery_id = v.id
          returning 1
        )
        update webhook_subscriptions s set lease_until = ${new Date(at.getTime() + LEASE_MS)}, last_delivery_at = v.at,
          last_status = 'delivered', failing_since = null
        from (values ${sql.join(subscriptions)}) as v(id, at)
        where s.subscription_id = v.id
        returning s.subscription_id, ${SUBSCRIPTION_COLUMNS}`.execute(db),
    );
    return new Map(rows.map(({ subscription_id, ...subscription }) => [Number(subscription_id), subscription]));
  });
  /**
   * Starting senders: takes each one's lease (only when free and the subscription active) and reads
   * its pending deliveries, for every sender starting meanwhile in one statement (group commit, as
   * `recorder`): a burst that starts many senders at once (a quiet spell's end, a restart) costs a
   * few statements, not one each queued behind the others. A sender not answered did not get its
   * lease.
   */
  const taker = groupCommit<true, Subscription & { pending: Pending[] }>(async (batch) => {
    const at = now();
    const { rows } = await gate(() =>
      sql<Subscription & { subscription_id: number; pending: Pending[] | string }>`
        with s as (
          update webhook_subscriptions s set lease_until = ${new Date(at.getTime() + LEASE_MS)}
          where s.subscription_id = any(${[...batch.keys()]}::int[]) and s.status = 'active' and coalesce(s.lease_until, '-infinity') < ${at}
          returning s.subscription_id, ${SUBSCRIPTION_COLUMNS}
        )
        select s.subscription_id, ${SUBSCRIPTION_COLUMNS}, coalesce((
          select json_agg(p order by p.delivery_id) from (
            select d.delivery_id, d.event_id, d.attempt, d.created_at, d.next_attempt_at, e.type, e.payload, e.created_at as event_at
            from webhook_deliveries d join webhook_events e on e.event_id = d.event_id
            where d.subscription_id = s.subscription_id and d.status = 'pending'
            order by d.delivery_id
            limit ${BATCH}
          ) p
        ), '[]'::json) as pending
        from s`.execute(db),
    );
    return new Map(
      rows.map(({ subscription_id, pending, ...subscription }) => [
        Number(subscription_id),
        // PGlite hands json back as text.
        { ...subscription, pending: (typeof pending === 'string' ? JSON.parse(pending) : pending) as Pending[] },
      ]),
    );
  });
  const releaseLease = (id: number) =>
    gate(() => db.updateTable('webhook_subscriptions').set({ lease_until: null }).where('subscription_id', '=', id).execute());
  /** Records the 2xx answers before a stop (a failure, a retry's wait). */
  const recordSuccesses = async (id: number, done: Done) => {
    if (done.length) await step(id, done);
  };

  /** Sends the subscription's due deliveries in order; answers when it has nothing due, failed, or lost its lease. */
  async function send(id: number, state: SenderState): Promise<'sent' | 'busy' | 'inactive'> {
    const first = await taker(id, [true]);
    if (!first) {
      const row = await gate(() =>
        db.selectFrom('webhook_subscriptions').select('status').where('subscription_id', '=', id).executeTakeFirst(),
      );
      return row?.status === 'active' ? 'busy' : 'inactive';
    }
    let { pending: rows, ...subscription } = first;
    /** Whether the last read took all there were (fewer than a batch). */
    let complete = rows.length < BATCH;
    /**
     * The last read was asked for (a wake without deliveries, or this sender's start) and found
     * nothing: read once more at the next idle look, in case the wake came before the commit.
     */
    let recheck = rows.length === 0;
    /**
     * The deliveries read since what was handed over was last taken, and those of the read before
     * that: one handed over after a read that found it (committed before the read, handed after it;
     * a backlog's batches are read while the handed ones wait) is already in hand. Deliveries
     * handed over are taken in the order they come, which is their commit order (two ingest calls
     * at once may commit their deliveries in the other order than their ids).
     */
    let read = new Set<number>();
    let lastRead = new Set<number>();
    /**
     * This sender's successes handed to the group commit and not yet written: the next delivery
     * goes as soon as the one before it is answered 2xx, not once that answer is written (the
     * order a receiver sees is the order of the POSTs; a kill before the write sends them again, in
     * order: at least once). At most BATCH of them are unwritten at once, as in a batch read below.
     * Every other statement of this sender (a read, a failure, the lease's release) waits for them,
     * so the subscription's last delivery and lease are written in order.
     */
    let recording: Promise<void> = Promise.resolve();
    let unwritten = 0;
    /** The last written answer said the subscription is no longer active (disabled, deleted). */
    let inactive = false;
    const record = (successes: Done) => {
      unwritten += successes.length;
      const written = recorder(id, successes).then((recorded) => {
        unwritten -= successes.length;
        if (!recorded || recorded.status !== 'active') inactive = true;
        else subscription = recorded;
      });
      // A failed write fails the sender at its next wait for `recording` (below, and always before
      // it ends), as an awaited one would; until then it is not an unhandled rejection.
      written.catch(() => undefined);
      recording = recording.then(() => written);
      recording.catch(() => undefined);
    };
    /** The subscription's secrets, opened, and the sealed values they were opened from. */
    let opened: { sealedKey: string; secrets: SigningSecrets | null } | undefined;
    const saw = (list: Pending[]) => {
      lastRead = new Set(list.map((row) => Number(row.delivery_id)));
      for (const id of lastRead) read.add(id);
    };
    saw(rows);
    try {
      let idleSince: number | null = null;
      for (;;) {
        if (inactive) return 'sent';
        if (rows.length === 0) {
          idleSince ??= Date.now();
          if (stopped || Date.now() - idleSince >= lingerMs) return 'sent';
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, IDLE_POLL_MS);
            state.wake = () => {
              clearTimeout(timer);
              resolve();
            };
            if (state.woken) state.wake();
          });
          state.woken = false;
          const handed = state.handed.filter((row) => !read.has(Number(row.delivery_id)));
          state.handed = [];
          read = new Set(lastRead);
          if (handed.length && !state.read) {
            // Committed after the last read, which found nothing else pending.
            rows = handed;
            complete = true;
            continue;
          }
          // No read while what comes is handed over: a read only when asked (a wake without the
          // deliveries, the poll), or once more after such a read, or the sender's first, that
          // found nothing (it may have come before the caller's commit).
          if (!state.read && !recheck) continue;
          const asked = state.read;
          state.read = false;
          // A read must not find this sender's sent deliveries still pending.
          await recording;
          const again = await step(id);
          if (!again || again.status !== 'active') return 'sent';
          ({ pending: rows, ...subscription } = again);
          complete = rows.length < BATCH;
          recheck = asked && rows.length === 0;
          saw(rows);
          continue;
        }
        idleSince = null;
        // A secret that does not open (the session secret changed; the demo's placeholder) fails each attempt until rotated.
        // Opened again only when the sealed secrets change (a rotation): not for each handed delivery.
        const sealedKey = `${subscription.secret_sealed} ${subscription.previous_secret_sealed} ${String(subscription.previous_secret_until)}`;
        if (opened?.sealedKey !== sealedKey) {
          let secrets: SigningSecrets | null;
          try {
            secrets = repo.secretsOf({ ...subscription, subscription_id: id });
          } catch {
            secrets = null;
          }
          opened = { sealedKey, secrets };
        }
        const { secrets } = opened;
        const done: Done = [];
        for (const row of rows) {
          const at = now();
          if (inactive) break;
          if (row.next_attempt_at && new Date(row.next_attempt_at) > at) {
            await recording;
            await recordSuccesses(id, done);
            await options.schedule(id, new Date(row.next_attempt_at));
            return 'sent';
          }
          const body = JSON.stringify({ type: row.type, timestamp: new Date(row.event_at).toISOString(), data: row.payload });
          const result: PostResult = secrets
            ? await postDelivery(subscription.url, { ...signDelivery(secrets, row.event_id, at, body) }, body, options.post)
            : { statusCode: null, latencyMs: null, responseExcerpt: null, error: 'secret: unreadable, rotate it' };
          if (isDelivered(result.statusCode)) {
            done.push({ row, result, at });
            continue;
          }
          await recording;
          await recordSuccesses(id, done);
          const attempt = row.attempt + 1;
          const retryAt = nextAttemptAt(new Date(row.created_at), at, attempt, random());
          const failingSince: Date = subscription.failing_since ? new Date(subscription.failing_since) : at;
          const disable = !retryAt && at.getTime() - failingSince.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
          await gate(async () => {
            await db
              .updateTable('webhook_deliveries')
              .set({
                attempt,
                status: retryAt ? 'pending' : 'failed',
                status_code: result.statusCode,
                latency_ms: result.latencyMs,
                response_excerpt: result.responseExcerpt,
                error: result.error ?? `status ${result.statusCode}`,
                attempted_at: at,
                next_attempt_at: retryAt,
              })
              .where('delivery_id', '=', row.delivery_id)
              .execute();
            await db
              .updateTable('webhook_subscriptions')
              .set({
                last_delivery_at: at,
                last_status: 'failed',
                failing_since: failingSince,
                ...(disable && { status: 'disabled', disabled_at: at }),
              })
              .where('subscription_id', '=', id)
              .execute();
          });
          if (disable) {
            webhookListenersChanged();
            await options.onDisabled(id, subscription.site_group_num, subscription.url);
            return 'sent';
          }
          if (retryAt) {
            await options.schedule(id, retryAt);
            return 'sent';
          }
          // Given up on this one: the next goes (still failing, so failing_since stands).
          subscription = { ...subscription, failing_since: failingSince };
        }
        if (complete && !state.read) {
          // All that was pending is sent, and what came since was handed over (state.handed): no read.
          if (done.length) record(done.splice(0));
          if (unwritten > BATCH) await recording;
          rows = [];
          continue;
        }
        state.woken = false;
        state.read = false;
        await recording;
        const renewed = await step(id, done);
        if (!renewed || renewed.status !== 'active') return 'sent';
        ({ pending: rows, ...subscription } = renewed);
        complete = rows.length < BATCH;
        saw(rows);
      }
    } finally {
      try {
        await recording;
      } finally {
        await releaseLease(id);
      }
    }
  }

  /**
   * Deliveries this process did not hand over (another process's, without Redis or with a message
   * lost; an emit in a caller's transaction whose wake came too early): every POLL_MS, one
   * statement lists the running senders that have a delivery due and pending for longer than
   * POLL_GRACE_MS, and tells those to read. One statement for all, instead of each sender reading
   * now and then, which held up what was handed to it and queued the senders' reads behind one
   * another. A failed poll is tried again at the next.
   */
  let poller: ReturnType<typeof setInterval> | undefined;
  let polling = false;
  const poll = async () => {
    if (running.size === 0 || stopped) {
      clearInterval(poller);
      poller = undefined;
      return;
    }
    if (polling) return;
    polling = true;
    try {
      const at = now();
      const due = await gate(() =>
        db
          .selectFrom('webhook_deliveries')
          .select('subscription_id')
          .distinct()
          .where('subscription_id', 'in', [...running.keys()])
          .where('status', '=', 'pending')
          .where('created_at', '<', new Date(at.getTime() - POLL_GRACE_MS))
          .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', at)]))
          .execute(),
      );
      for (const { subscription_id } of due) senders.wakeToRead(subscription_id);
    } catch {
      // The next poll asks again.
    } finally {
      polling = false;
    }
  };

  const senders = {
    /**
     * Starts the subscription's sender in this process unless one runs (then wakes it); answers
     * when that sender ends: 'busy' when another process's sender holds the lease. `handed`: new
     * committed deliveries, in order (null: new ones to read).
     */
    run(id: number, handed?: Pending[] | null): Promise<'sent' | 'busy' | 'inactive'> {
      const current = running.get(id);
      if (current) {
        current.woken = true;
        if (handed) current.handed.push(...handed);
        else current.read = true;
        current.wake();
        return Promise.resolve('sent');
      }
      const state: SenderState = { woken: false, wake: () => undefined, handed: [], read: false };
      running.set(id, state);
      if (!poller) {
        poller = setInterval(() => void poll(), POLL_MS);
        poller.unref();
      }
      return send(id, state).then(
        (outcome) => {
          running.delete(id);
          // Woken while it was ending: the new deliveries would otherwise wait for the sweep.
          return state.woken && !stopped && outcome === 'sent' ? senders.run(id) : outcome;
        },
        (error: unknown) => {
          running.delete(id);
          throw error;
        },
      );
    },
    /**
     * Wakes this process's running sender of the subscription, if there is one, to read what is
     * pending: another process queued deliveries for it. Answers whether one runs here.
     */
    wakeToRead(id: number): boolean {
      if (!running.has(id)) return false;
      void senders.run(id, null);
      return true;
    },
    /** Whether the subscription's sender runs in this process. */
    runs: (id: number) => running.has(id),
    /** Stops lingering senders (the app closing). */
    stop() {
      stopped = true;
      clearInterval(poller);
      for (const state of running.values()) state.wake();
    },
  };
  return senders;
}

export type Deliverer = ReturnType<typeof deliverer>;

/**
 * Runs at most `limit` pieces of work at once, in the order they asked; each starts on a later
 * turn of the event loop, so the requests' I/O that came meanwhile gets its statements in first.
 */
function statementGate(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/**
 * Group commit: `record(key, items)` answers once a write holding them is done, with that key's
 * answer. One write runs at a time; whatever is recorded while it runs goes in the next, so N
 * callers at once cost one write, not N. A failed write fails each of its callers.
 */
function groupCommit<Item, Answer>(write: (batch: Map<number, Item[]>) => Promise<Map<number, Answer>>) {
  type Next = { batch: Map<number, Item[]>; answer: Promise<Map<number, Answer>>; settle(written: Promise<Map<number, Answer>>): void };
  let next: Next | null = null;
  let writing = false;
  const drain = async () => {
    writing = true;
    while (next) {
      const current = next;
      next = null;
      const written = write(current.batch);
      current.settle(written);
      await written.catch(() => undefined);
    }
    writing = false;
  };
  return (key: number, items: Item[]): Promise<Answer | undefined> => {
    if (!next) {
      let settle!: Next['settle'];
      const answer = new Promise<Map<number, Answer>>((resolve) => (settle = resolve));
      next = { batch: new Map(), answer, settle };
    }
    next.batch.set(key, [...(next.batch.get(key) ?? []), ...items]);
    const answer = next.answer.then((answers) => answers.get(key));
    if (!writing) void drain();
    return answer;
  };
}
