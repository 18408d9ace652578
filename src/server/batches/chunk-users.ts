// The users one chunk of a users batch writes, read at once before its items apply
// (StoreWriter#findUsersForUpdate, which also takes their locks) and kept current as the items
// write them, so that an item's look-ups cost no statement: the users the chunk's items create
// and change are written together, the catalog names the chunk has not met yet admitted, and
// only what the first read could not know is read (the user an anonymous user was merged into).
// Each item still sees what the items before it wrote, as when it read the store. The users found
// are locked (PostgreSQL) until the chunk commits; a uid the read did not find may be created by
// another transaction meanwhile: the insert of the chunk's new users then fails on the uid and
// the chunk is tried again (job-runner.ts), as when that happened between an item's own read and
// its write.

import type { CatalogKind, UserRecord } from '../store/records.js';
import type { StoreWriter } from '../store/store.js';
import type { UserWriter } from '../users/upsert-user.js';

/** The uids and ids a chunk's items name. */
export interface NamedUsers {
  readonly uids: readonly string[];
  readonly ids: readonly string[];
}

export class ChunkUsers implements UserWriter {
  /** Users by id and by uid, as the chunk last wrote or read them; undefined: known to be none. */
  readonly #byId = new Map<string, UserRecord | undefined>();
  readonly #byUid = new Map<string, UserRecord | undefined>();
  /** Catalog names met by the chunk (`<kind>\0<name>`): whether each was rejected. */
  readonly #names = new Map<string, boolean>();
  /** Users the chunk's items created since the last flush, by id: inserted together. */
  readonly #created = new Map<string, UserRecord>();
  /** Users the chunk's items changed, but not their uids, since the last flush, by id: updated together. */
  readonly #updated = new Map<string, UserRecord>();

  private constructor(
    private readonly writer: StoreWriter,
    private readonly orgId: string,
  ) {}

  /** Reads (and locks) the users `named` names in `orgId`, in one statement. */
  static async read(writer: StoreWriter, orgId: string, named: NamedUsers): Promise<ChunkUsers> {
    const users = new ChunkUsers(writer, orgId);
    for (const uid of named.uids) users.#byUid.set(uid, undefined);
    for (const id of named.ids) users.#byId.set(id, undefined);
    for (const user of await writer.findUsersForUpdate(orgId, named)) users.#remember(user);
    return users;
  }

  #remember(user: UserRecord): void {
    this.#byId.set(user.id, user);
    if (user.uid !== null) this.#byUid.set(user.uid, user);
  }

  findUserForUpdate(orgId: string, id: string): Promise<UserRecord | undefined> {
    return this.#find(orgId, this.#byId, id, () => this.writer.findUserForUpdate(orgId, id));
  }

  findUserByUidForUpdate(orgId: string, uid: string): Promise<UserRecord | undefined> {
    return this.#find(orgId, this.#byUid, uid, () => this.writer.findUserByUidForUpdate(orgId, uid));
  }

  /** The user `known` holds under `key`, else what `read` finds (then remembered, absence too). */
  async #find(orgId: string, known: Map<string, UserRecord | undefined>, key: string, read: () => Promise<UserRecord | undefined>): Promise<UserRecord | undefined> {
    if (orgId === this.orgId && known.has(key)) return known.get(key);
    const user = await read();
    if (orgId === this.orgId) {
      if (user === undefined) known.set(key, undefined);
      else this.#remember(user);
    }
    return user;
  }

  /**
   * The names the chunk has not met yet are admitted; those it has are answered as they were: a
   * name admitted is only refreshed at the same time again, and one rejected stays rejected, as
   * nothing within a chunk frees a place in the catalog.
   */
  async admitNames(orgId: string, kind: CatalogKind, names: readonly string[], options: Parameters<StoreWriter['admitNames']>[3]): Promise<string[]> {
    if (orgId !== this.orgId) return this.writer.admitNames(orgId, kind, names, options);
    const key = (name: string) => `${kind}\u0000${name}`;
    const unmet = names.filter((name) => !this.#names.has(key(name)));
    if (unmet.length > 0) {
      const rejected = new Set(await this.writer.admitNames(orgId, kind, unmet, options));
      for (const name of unmet) this.#names.set(key(name), rejected.has(name));
    }
    return names.filter((name) => this.#names.get(key(name)) === true);
  }

  /** A new user is inserted with the others the chunk creates, at the next flush. */
  async insertUser(record: UserRecord): Promise<void> {
    if (record.orgId !== this.orgId) return this.writer.insertUser(record);
    this.#created.set(record.id, record);
    this.#remember(record);
  }

  /**
   * A user the chunk created or read, whose uid stays, is written at the next flush with the
   * others; one whose uid is set (an anonymous user identified) is written now, after them, as
   * the uid may be another user's (StoreConflictError).
   */
  async updateUser(record: UserRecord): Promise<void> {
    if (record.orgId !== this.orgId) return this.writer.updateUser(record);
    const before = this.#byId.get(record.id);
    if (before !== undefined && before.uid === record.uid) {
      if (this.#created.has(record.id)) this.#created.set(record.id, record);
      else this.#updated.set(record.id, record);
    } else {
      await this.flush();
      await this.writer.updateUser(record);
    }
    this.#remember(record);
  }

  async moveUserSessions(orgId: string, fromUserId: string, toUserId: string): ReturnType<StoreWriter['moveUserSessions']> {
    await this.flush();
    return this.writer.moveUserSessions(orgId, fromUserId, toUserId);
  }

  /**
   * Inserts the users created and updates those changed since the last flush
   * (StoreWriter#insertUsers, #updateUsers): before a merge or a uid set, and when the chunk's
   * items are applied. A uid another transaction took meanwhile fails the chunk, which is tried
   * again.
   */
  async flush(): Promise<void> {
    const created = [...this.#created.values()];
    const updated = [...this.#updated.values()];
    this.#created.clear();
    this.#updated.clear();
    if (created.length > 0) await this.writer.insertUsers(created);
    if (updated.length > 0) await this.writer.updateUsers(updated);
  }
}
