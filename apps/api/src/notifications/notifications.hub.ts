/**
 * One LISTEN connection per API process, shared by all the open event streams of that process.
 * Whatever node inserted a notification, every node hears the NOTIFY and forwards it to the browsers
 * connected to it, so live delivery works behind a load balancer with several nodes.
 */
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { type HubEvent, NOTIFICATION_CHANNEL } from "./notifications.events";

export type Subscriber = {
  userId: number;
  roleId: number;
  /** The session the stream was opened for: when it ends, `end` closes the stream. */
  sessionId: string;
  send: (event: HubEvent) => void;
  end: () => void;
};

export class NotificationHub {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly subscribers = new Set<Subscriber>();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening (once) and adds the subscriber; the returned function removes it. */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    await this.ensureListening();
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.subscribers.clear();
    const client = this.client;
    this.client = null;
    await client
      ?.end()
      .catch((error: unknown) => this.log.warn({ err: error }, "notification listener not closed"));
  }

  private ensureListening(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on("notification", (message) => {
      if (message.channel !== NOTIFICATION_CHANNEL || !message.payload) return;
      try {
        this.dispatch(JSON.parse(message.payload) as HubEvent);
      } catch (error) {
        this.log.warn({ err: error }, "unreadable notification event");
      }
    });
    // A lost connection (database restart, network) is re-established while streams are open.
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      if (error) this.log.warn({ err: error }, "notification listener lost its connection");
      this.reconnectLater();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    this.client = client;
  }

  /** Retries every second until the database answers again (a restart can take a while). */
  private reconnectLater() {
    if (this.closed || this.subscribers.size === 0) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.ensureListening().catch(() => this.reconnectLater());
    }, 1_000);
  }

  private dispatch(event: HubEvent) {
    if (event.kind === "session_ended" || event.kind === "sessions_ended") {
      for (const subscriber of this.subscribers) {
        const ended =
          event.kind === "session_ended"
            ? subscriber.sessionId === event.sessionId
            : subscriber.userId === event.userId && subscriber.sessionId !== event.keepSessionId;
        if (ended) subscriber.end();
      }
      return;
    }
    for (const subscriber of this.subscribers) {
      const forMe =
        event.kind === "broadcast" ? subscriber.roleId === event.roleId : subscriber.userId === event.userId;
      if (forMe) subscriber.send(event);
    }
  }
}
