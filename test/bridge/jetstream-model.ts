/**
 * An in-memory model of the part of JetStream the bridge uses, for property tests that need many
 * runs: one stream capturing everything, sequence numbers from 1, deduplication by `msgID` (the
 * runs are far shorter than any duplicate window, so an id is never forgotten), and the lookup of
 * the last message on a subject filter (`last_by_subj`, `>` as the last token). A message is stored
 * when its publish is called, in call order, the way a server stores what arrives on one
 * connection in order; each publisher gets its own client, which can be held back (its publishes
 * wait, as behind a slow network) to make it lag.
 */
import type { JetStreamClient, JetStreamManager, PubAck, StoredMsg } from '@nats-io/jetstream';

/** One stored message. */
export interface ModelMessage {
  readonly seq: number;
  readonly subject: string;
  readonly data: Uint8Array;
  readonly msgId: string | undefined;
  readonly time: number;
}

interface Waiting {
  readonly subject: string;
  readonly data: Uint8Array;
  readonly msgId: string | undefined;
  resolve(ack: PubAck): void;
}

const matches = (filter: string, subject: string): boolean =>
  filter.endsWith('.>') ? subject.startsWith(filter.slice(0, -1)) : filter === subject;

/** The stream, shared by every client. */
export class JetStreamModel {
  readonly messages: ModelMessage[] = [];
  private readonly ids = new Map<string, number>();
  /** Publish calls, all clients (to tell when publishers have gone quiet). */
  calls = 0;

  constructor(
    readonly stream: string,
    private readonly now: () => number,
  ) {}

  /** A client for one publisher. */
  client(): ModelClient {
    return new ModelClient(this);
  }

  /** Stores a message (or finds its id already stored). */
  store(subject: string, data: Uint8Array, msgId: string | undefined): PubAck {
    const known = msgId === undefined ? undefined : this.ids.get(msgId);
    if (known !== undefined) return { stream: this.stream, seq: known, duplicate: true } as PubAck;
    const seq = this.messages.length + 1;
    this.messages.push({ seq, subject, data, msgId, time: this.now() });
    if (msgId !== undefined) this.ids.set(msgId, seq);
    return { stream: this.stream, seq, duplicate: false } as PubAck;
  }

  /** The last message on `filter`, or null. */
  last(filter: string): ModelMessage | null {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const message = this.messages[i] as ModelMessage;
      if (matches(filter, message.subject)) return message;
    }
    return null;
  }
}

/** One publisher's connection to the model: `JetStreamClient` as far as the bridge uses it. */
export class ModelClient {
  private readonly waiting: Waiting[] = [];
  /** While true, publishes wait (in order) until {@link release}. */
  held = false;

  constructor(private readonly model: JetStreamModel) {}

  /** Stores what was held back, in order. */
  release(): void {
    this.held = false;
    for (const w of this.waiting.splice(0)) w.resolve(this.model.store(w.subject, w.data, w.msgId));
  }

  /** The client for `publishToJetStream`. */
  get js(): JetStreamClient {
    const model = this.model;
    const manager = {
      streams: {
        getMessage: (_stream: string, query: { readonly last_by_subj: string }): Promise<StoredMsg | null> => {
          const found = model.last(query.last_by_subj);
          return Promise.resolve(found === null ? null : ({ seq: found.seq, subject: found.subject, data: found.data, time: new Date(found.time) } as unknown as StoredMsg));
        },
      },
    } as unknown as JetStreamManager;
    return {
      publish: (subject: string, data: Uint8Array, options?: { readonly msgID?: string }): Promise<PubAck> => {
        model.calls += 1;
        if (!this.held) return Promise.resolve(model.store(subject, data, options?.msgID));
        return new Promise<PubAck>((resolve) => this.waiting.push({ subject, data, msgId: options?.msgID, resolve }));
      },
      jetstreamManager: () => Promise.resolve(manager),
    } as unknown as JetStreamClient;
  }
}
