/**
 * The peer message format as data: every table of section 2 of the peer message format
 * document, transcribed field by field. This is the suite's source of truth; proto/peer.proto
 * is written separately and test/proto/schema.test.ts compares the two.
 *
 * Names are the document's neutral names. Nested types are written with a dot
 * (`Announce.Other_Peers`), the way protobuf names them without a package (see PINT-no-package).
 */

/**
 * The proto3 scalar types. The document uses six of them; the types are shared with schemas
 * read from any proto3 file (src/proto/model.ts), which may use all fifteen.
 */
export type ScalarType =
  | 'double'
  | 'float'
  | 'int32'
  | 'int64'
  | 'uint32'
  | 'uint64'
  | 'sint32'
  | 'sint64'
  | 'fixed32'
  | 'fixed64'
  | 'sfixed32'
  | 'sfixed64'
  | 'bool'
  | 'string'
  | 'bytes';

/** The type of a map value (anything but another map). */
export type ValueType =
  | { readonly kind: 'scalar'; readonly scalar: ScalarType }
  | { readonly kind: 'enum'; readonly enum: string }
  | { readonly kind: 'message'; readonly message: string };

export type FieldType = ValueType | { readonly kind: 'map'; readonly key: ScalarType; readonly value: ValueType };

export interface FieldSpec {
  readonly name: string;
  readonly number: number;
  readonly type: FieldType;
  readonly repeated: boolean;
  /** Name of the oneof the field belongs to, if any (never the synthetic oneof of `optional`). */
  readonly oneof?: string;
  /** proto3 `optional`: explicit presence, a default value is still written. */
  readonly optional?: boolean;
  /** Repeated scalar written packed (proto3 default); false with `[packed = false]`. */
  readonly packed?: boolean;
}

export interface MessageSpec {
  /** Full name without package, nested types joined with a dot. */
  readonly name: string;
  readonly fields: readonly FieldSpec[];
  /** Oneof names in declaration order. */
  readonly oneofs: readonly string[];
}

export interface EnumSpec {
  /** Full name, e.g. `Announce.Types`. */
  readonly name: string;
  readonly values: readonly { readonly name: string; readonly number: number }[];
}

const u64 = { kind: 'scalar', scalar: 'uint64' } as const;
const u32 = { kind: 'scalar', scalar: 'uint32' } as const;
const i32 = { kind: 'scalar', scalar: 'int32' } as const;
const bool = { kind: 'scalar', scalar: 'bool' } as const;
const bytes = { kind: 'scalar', scalar: 'bytes' } as const;
const strBytesMap = { kind: 'map', key: 'string', value: bytes } as const;
const msg = (message: string): FieldType => ({ kind: 'message', message });
const enm = (name: string): FieldType => ({ kind: 'enum', enum: name });

function f(name: string, number: number, type: FieldType, extra: { repeated?: boolean; oneof?: string } = {}): FieldSpec {
  const repeated = extra.repeated ?? false;
  const packed = repeated && type.kind === 'scalar' && type.scalar !== 'bytes' && type.scalar !== 'string';
  return { name, number, type, repeated, ...(extra.oneof ? { oneof: extra.oneof } : {}), ...(packed ? { packed } : {}) };
}

/** Wire definition table of section 2. */
export const FILE = {
  syntax: 'proto3',
  optimizeFor: 'LITE_RUNTIME',
  /** The document gives no package (PINT-no-package). */
  package: '',
} as const;

export const ENUMS: readonly EnumSpec[] = [
  { name: 'Announce.Types', values: [{ name: 'PING', number: 0 }, { name: 'PONG', number: 1 }] },
  {
    name: 'Lobby_Messages.Types',
    values: [
      { name: 'JOIN', number: 0 },
      { name: 'LEAVE', number: 1 },
      { name: 'CHANGE_OWNER', number: 2 },
      { name: 'MEMBER_DATA', number: 3 },
      { name: 'CHAT_MESSAGE', number: 4 },
    ],
  },
  {
    name: 'Low_Level.Types',
    values: [
      { name: 'HEARTBEAT', number: 0 },
      { name: 'CONNECT', number: 1 },
      { name: 'DISCONNECT', number: 2 },
    ],
  },
  { name: 'Network_pb.Types', values: [{ name: 'DATA', number: 0 }, { name: 'NEW_CONNECTION', number: 1 }] },
  {
    name: 'Network_Old.Types',
    values: [
      { name: 'CONNECTION_REQUEST_IP', number: 0 },
      { name: 'CONNECTION_REQUEST_PLATFORMID', number: 1 },
      { name: 'CONNECTION_ACCEPTED', number: 2 },
      { name: 'CONNECTION_END', number: 3 },
      { name: 'DATA', number: 4 },
    ],
  },
  {
    // "value 1 is unused"
    name: 'Networking_Sockets.Types',
    values: [
      { name: 'CONNECTION_REQUEST', number: 0 },
      { name: 'CONNECTION_ACCEPTED', number: 2 },
      { name: 'CONNECTION_END', number: 3 },
      { name: 'DATA', number: 4 },
    ],
  },
  {
    name: 'Networking_Messages.Types',
    values: [
      { name: 'CONNECTION_NEW', number: 0 },
      { name: 'CONNECTION_ACCEPT', number: 1 },
      { name: 'CONNECTION_END', number: 2 },
      { name: 'DATA', number: 3 },
    ],
  },
  { name: 'Auth_Ticket.Types', values: [{ name: 'CANCEL', number: 0 }] },
  { name: 'Friend_Messages.Types', values: [{ name: 'LOBBY_INVITE', number: 0 }, { name: 'GAME_INVITE', number: 1 }] },
  { name: 'Platform_Messages.Types', values: [{ name: 'FRIEND_CHAT', number: 0 }] },
];

const M = 'messages';

export const MESSAGES: readonly MessageSpec[] = [
  {
    name: 'Common_Message',
    oneofs: [M],
    fields: [
      f('source_id', 1, u64),
      f('dest_id', 2, u64),
      f('announce', 3, msg('Announce'), { oneof: M }),
      f('low_level', 4, msg('Low_Level'), { oneof: M }),
      f('lobby', 5, msg('Lobby'), { oneof: M }),
      f('lobby_messages', 6, msg('Lobby_Messages'), { oneof: M }),
      f('network', 7, msg('Network_pb'), { oneof: M }),
      f('gameserver', 8, msg('Gameserver'), { oneof: M }),
      f('friend', 9, msg('Friend'), { oneof: M }),
      f('auth_ticket', 10, msg('Auth_Ticket'), { oneof: M }),
      f('friend_messages', 11, msg('Friend_Messages'), { oneof: M }),
      f('network_old', 12, msg('Network_Old'), { oneof: M }),
      f('networking_sockets', 13, msg('Networking_Sockets'), { oneof: M }),
      f('platform_messages', 14, msg('Platform_Messages'), { oneof: M }),
      f('networking_messages', 15, msg('Networking_Messages'), { oneof: M }),
      f('source_ip', 128, u32),
      f('source_port', 129, u32),
    ],
  },
  {
    name: 'Announce',
    oneofs: [],
    fields: [
      f('type', 1, enm('Announce.Types')),
      f('ids', 2, u64, { repeated: true }),
      f('tcp_port', 3, u32),
      f('peers', 4, msg('Announce.Other_Peers'), { repeated: true }),
      f('appid', 5, u32),
    ],
  },
  {
    name: 'Announce.Other_Peers',
    oneofs: [],
    fields: [f('id', 1, u64), f('ip', 2, u32), f('udp_port', 3, u32), f('appid', 4, u32)],
  },
  {
    name: 'Lobby',
    oneofs: [],
    fields: [
      f('room_id', 1, u64),
      f('owner', 2, u64),
      f('values', 3, strBytesMap),
      f('members', 4, msg('Lobby.Member'), { repeated: true }),
      f('gameserver', 5, msg('Lobby.Gameserver')),
      f('member_limit', 6, u32),
      f('type', 7, u32),
      f('joinable', 8, bool),
      f('appid', 9, u32),
      f('deleted', 32, bool),
      f('time_deleted', 33, u64),
    ],
  },
  { name: 'Lobby.Member', oneofs: [], fields: [f('id', 1, u64), f('values', 2, strBytesMap)] },
  {
    name: 'Lobby.Gameserver',
    oneofs: [],
    fields: [f('id', 1, u64), f('ip', 2, u32), f('port', 3, u32), f('num_update', 4, u32)],
  },
  {
    name: 'Lobby_Messages',
    oneofs: [],
    fields: [
      f('id', 1, u64),
      f('type', 2, enm('Lobby_Messages.Types')),
      f('idata', 3, u64),
      f('bdata', 4, bytes),
      f('map', 5, strBytesMap),
    ],
  },
  { name: 'Low_Level', oneofs: [], fields: [f('type', 1, enm('Low_Level.Types'))] },
  {
    name: 'Network_pb',
    oneofs: [],
    fields: [
      f('channel', 1, u32),
      f('data', 2, bytes),
      f('type', 3, enm('Network_pb.Types')),
      f('processed', 128, bool),
      f('time_processed', 129, u64),
    ],
  },
  {
    name: 'Network_Old',
    oneofs: [],
    fields: [
      f('type', 1, enm('Network_Old.Types')),
      f('connection_id', 2, u64),
      f('connection_id_from', 3, u64),
      f('port', 4, u32),
      f('data', 5, bytes),
    ],
  },
  {
    name: 'Networking_Sockets',
    oneofs: [],
    fields: [
      f('type', 1, enm('Networking_Sockets.Types')),
      f('virtual_port', 2, i32),
      f('real_port', 6, i32),
      f('connection_id', 3, u64),
      f('connection_id_from', 4, u64),
      f('data', 5, bytes),
      f('message_number', 7, u64),
    ],
  },
  {
    name: 'Networking_Messages',
    oneofs: [],
    fields: [
      f('type', 1, enm('Networking_Messages.Types')),
      f('channel', 2, u32),
      f('id_from', 3, u32),
      f('data', 5, bytes),
    ],
  },
  {
    name: 'Gameserver',
    oneofs: [],
    fields: [
      f('id', 1, u64),
      f('game_description', 2, bytes),
      f('mod_dir', 3, bytes),
      f('dedicated_server', 4, bool),
      f('max_player_count', 5, u32),
      f('bot_player_count', 6, u32),
      f('server_name', 7, bytes),
      f('map_name', 8, bytes),
      f('password_protected', 9, bool),
      f('spectator_port', 10, u32),
      f('spectator_server_name', 11, bytes),
      f('values', 12, strBytesMap),
      f('tags', 13, bytes),
      f('gamedata', 14, bytes),
      f('region', 15, bytes),
      f('product', 16, bytes),
      f('secure', 17, bool),
      f('num_players', 18, u32),
      f('version', 19, u32),
      f('ip', 32, u32),
      f('port', 33, u32),
      f('query_port', 34, u32),
      f('appid', 35, u32),
      f('offline', 48, bool),
    ],
  },
  {
    name: 'Friend',
    oneofs: [],
    fields: [
      f('id', 1, u64),
      f('name', 2, bytes),
      f('rich_presence', 3, strBytesMap),
      f('appid', 4, u32),
      f('lobby_id', 5, u64),
    ],
  },
  {
    name: 'Auth_Ticket',
    oneofs: [],
    fields: [f('number', 1, u32), f('type', 2, enm('Auth_Ticket.Types'))],
  },
  {
    name: 'Friend_Messages',
    oneofs: ['invite_data'],
    fields: [
      f('type', 1, enm('Friend_Messages.Types')),
      f('lobby_id', 2, u64, { oneof: 'invite_data' }),
      f('connect_str', 3, bytes, { oneof: 'invite_data' }),
    ],
  },
  {
    name: 'Platform_Messages',
    oneofs: ['message_data'],
    fields: [f('type', 1, enm('Platform_Messages.Types')), f('message', 2, bytes, { oneof: 'message_data' })],
  },
  {
    name: 'PlatformAppTicket_pb',
    oneofs: [],
    fields: [
      f('ticket_version_no', 1, u32),
      f('crc_encryptedticket', 2, u32),
      f('cb_encrypteduserdata', 3, u32),
      f('cb_encrypted_appownershipticket', 4, u32),
      f('encrypted_ticket', 5, bytes),
    ],
  },
];

/** The envelope and the ticket record: the two top-level messages the document names as such. */
export const ENVELOPE = 'Common_Message';
export const TICKET = 'PlatformAppTicket_pb';

const byName = new Map(MESSAGES.map((m) => [m.name, m]));
const enumByName = new Map(ENUMS.map((e) => [e.name, e]));

export function messageSpec(name: string): MessageSpec {
  const m = byName.get(name);
  if (!m) throw new Error(`no message ${name} in the peer message format`);
  return m;
}

export function enumSpec(name: string): EnumSpec {
  const e = enumByName.get(name);
  if (!e) throw new Error(`no enum ${name} in the peer message format`);
  return e;
}

export function hasMessage(name: string): boolean {
  return byName.has(name);
}
