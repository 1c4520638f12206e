/**
 * The connections one hub holds in this process, and its groups. A group is
 * a name: `group:<siteGroupNum>` (an account group) or `user:<userId>`.
 * Sending to a group encodes the frame once (a prepared frame: its text as a
 * WebSocket text frame, the bytes each socket is written) and writes those
 * same bytes to each member.
 */
export interface HubSocket {
  send(frame: string): void;
  /** The frame encoded once for every receiver (hubConnection.ts prepareFrame). */
  sendPrepared(frame: PreparedFrame): void;
  /** Bytes queued but not yet written; a client that stops reading is dropped. */
  readonly bufferedAmount: number;
  close(frame?: string): void;
}

export interface HubConnection {
  readonly id: string;
  readonly userId: number;
  readonly sessionId: string;
  readonly socket: HubSocket;
  readonly groups: Set<string>;
  lastReceivedAt: number;
  lastSentAt: number;
}

/** A client more than this far behind is not keeping up: it is closed rather than buffered for. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** A hub frame and its bytes on the wire, encoded once per broadcast. */
export interface PreparedFrame {
  readonly text: string;
  readonly wire: Buffer;
}

/** Sockets written per turn of the event loop during a broadcast (about 10 ms of writes on this machine). */
export const BROADCAST_SLICE = 1000;

export const accountGroupKey = (siteGroupNum: number) => `group:${siteGroupNum}`;
export const userKey = (userId: number) => `user:${userId}`;

export class HubRegistry {
  private readonly connections = new Map<string, HubConnection>();
  private readonly groups = new Map<string, Set<HubConnection>>();
  /** Broadcasts being written, oldest first. */
  private readonly pending: { targets: HubConnection[]; frame: PreparedFrame; group?: string; next: number }[] = [];
  private pumping = false;

  get size(): number {
    return this.connections.size;
  }

  all(): IterableIterator<HubConnection> {
    return this.connections.values();
  }

  add(connection: HubConnection): void {
    this.connections.set(connection.id, connection);
    for (const group of connection.groups) this.members(group).add(connection);
  }

  remove(connection: HubConnection): void {
    if (this.connections.get(connection.id) !== connection) return;
    this.connections.delete(connection.id);
    for (const group of connection.groups) this.leave(connection, group);
  }

  join(connection: HubConnection, group: string): void {
    connection.groups.add(group);
    if (this.connections.get(connection.id) === connection) this.members(group).add(connection);
  }

  leave(connection: HubConnection, group: string): void {
    connection.groups.delete(group);
    const members = this.groups.get(group);
    if (!members) return;
    members.delete(connection);
    if (!members.size) this.groups.delete(group);
  }

  /** Connections of a user in this process. */
  ofUser(userId: number): HubConnection[] {
    return [...(this.groups.get(userKey(userId)) ?? [])];
  }

  ofSession(sessionId: string): HubConnection[] {
    return [...this.connections.values()].filter((c) => c.sessionId === sessionId);
  }

  /**
   * Writes a frame, encoded once by `prepare`, to every member of a group (see {@link broadcast});
   * answers how many members it is written to.
   */
  sendToGroup(group: string, frame: string, prepare: (frame: string) => PreparedFrame): number {
    const members = this.groups.get(group);
    if (!members) return 0;
    return this.broadcast([...members], prepare(frame), group);
  }

  /** Writes a frame, encoded once, to every connection of the hub in this process; answers how many. */
  sendToAll(frame: string, prepare: (frame: string) => PreparedFrame): number {
    if (!this.connections.size) return 0;
    return this.broadcast([...this.connections.values()], prepare(frame));
  }

  /**
   * Broadcasts go out in order, {@link BROADCAST_SLICE} sockets at a time: the first slice at
   * once, each next one after the event loop has served what waits (setImmediate), so a broadcast
   * to thousands of clients does not hold every request up for its whole length. Each client
   * receives the frames in the order they were sent; a connection that has left (the hub, or the
   * group) before its turn is skipped.
   */
  private broadcast(targets: HubConnection[], frame: PreparedFrame, group?: string): number {
    this.pending.push({ targets, frame, group, next: 0 });
    if (!this.pumping) this.pump();
    return targets.length;
  }

  private pump(): void {
    this.pumping = true;
    const now = Date.now();
    let budget = BROADCAST_SLICE;
    while (budget > 0 && this.pending.length) {
      const job = this.pending[0];
      while (budget > 0 && job.next < job.targets.length) {
        const connection = job.targets[job.next++];
        budget--;
        if (this.connections.get(connection.id) !== connection || (job.group && !connection.groups.has(job.group))) continue;
        sendFrame(connection, job.frame, now);
      }
      if (job.next === job.targets.length) this.pending.shift();
    }
    if (this.pending.length) setImmediate(() => this.pump());
    else this.pumping = false;
  }

  private members(group: string): Set<HubConnection> {
    let members = this.groups.get(group);
    if (!members) this.groups.set(group, (members = new Set()));
    return members;
  }
}

/** One frame to one connection, unless it is too far behind (then it is closed). */
export function sendFrame(connection: HubConnection, frame: string | PreparedFrame, now = Date.now()): boolean {
  if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    connection.socket.close();
    return false;
  }
  if (typeof frame === 'string') connection.socket.send(frame);
  else connection.socket.sendPrepared(frame);
  connection.lastSentAt = now;
  return true;
}
