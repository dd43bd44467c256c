/**
 * Golden vectors: input JSON and the exact bytes protoc (C++ libprotobuf) writes for it, one
 * per payload kind of Common_Message plus PlatformAppTicket_pb, and the FileDescriptorSet of
 * proto/peer.proto that descriptor-based testees load.
 *
 * Regenerate (needs protoc):   npx tsx src/proto/golden.ts
 * Check freshness:             npx tsx src/proto/golden.ts --check
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESCRIPTOR_SET_PATH, FIXTURES_DIR, GOLDEN_PATH, PROTO_DIR, PROTO_FILE } from './schema.ts';
import type { JsonObject } from './json.ts';
import { peerSchema } from './model.ts';
import { toText } from './textformat.ts';
import { PROTOC, protocVersion } from './testees/protoc.ts';
import { toHex } from './wire.ts';

export interface GoldenVector {
  readonly name: string;
  readonly type: string;
  readonly json: JsonObject;
  readonly hex: string;
}

export interface GoldenFile {
  readonly generator: string;
  readonly vectors: readonly GoldenVector[];
}

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
const MAX64 = '18446744073709551615';

/** The inputs; bytes are produced by protoc. Maps hold one entry so the byte order is fixed. */
export const GOLDEN_INPUTS: readonly { name: string; type: string; json: JsonObject }[] = [
  { name: 'empty-envelope', type: 'Common_Message', json: {} },
  {
    name: 'announce',
    type: 'Common_Message',
    json: {
      source_id: MAX64,
      dest_id: '76561197960287930',
      announce: {
        type: 'PONG',
        ids: ['1', '4294967296', MAX64],
        tcp_port: 27015,
        peers: [{ id: '9007199254740993', ip: 3232235777, udp_port: 27016, appid: 480 }, {}],
        appid: 480,
      },
      source_ip: 2130706433,
      source_port: 47584,
    },
  },
  { name: 'low-level', type: 'Common_Message', json: { source_id: '1', low_level: { type: 'DISCONNECT' } } },
  {
    name: 'lobby',
    type: 'Common_Message',
    json: {
      lobby: {
        room_id: '109775240917041152',
        owner: '76561197960287930',
        values: { name: b64('room') },
        members: [{ id: '76561197960287930', values: { ready: b64('1') } }],
        gameserver: { id: '90071992547409920', ip: 167772161, port: 27015, num_update: 3 },
        member_limit: 8,
        type: 2,
        joinable: true,
        appid: 480,
        deleted: true,
        time_deleted: '1700000000',
      },
    },
  },
  {
    name: 'lobby-messages',
    type: 'Common_Message',
    json: { lobby_messages: { id: '5', type: 'CHAT_MESSAGE', idata: '4294967295', bdata: 'AP8=', map: { 'k\u00e9y': b64('v') } } },
  },
  {
    name: 'network',
    type: 'Common_Message',
    json: { network: { channel: 3, data: 'AAECAwQ=', type: 'NEW_CONNECTION', processed: true, time_processed: '1234567890123' } },
  },
  {
    name: 'gameserver',
    type: 'Common_Message',
    json: {
      gameserver: {
        id: '90071992547409921',
        game_description: b64('Deathmatch'),
        mod_dir: b64('mod'),
        dedicated_server: true,
        max_player_count: 32,
        bot_player_count: 4,
        server_name: b64('srv'),
        map_name: b64('de_dust'),
        password_protected: true,
        spectator_port: 27020,
        spectator_server_name: b64('spec'),
        values: { gametype: b64('ffa') },
        tags: b64('a,b'),
        gamedata: b64('gd'),
        region: b64('eu'),
        product: b64('prod'),
        secure: true,
        num_players: 12,
        version: 19,
        ip: 4294967295,
        port: 27015,
        query_port: 27016,
        appid: 480,
        offline: true,
      },
    },
  },
  {
    name: 'friend',
    type: 'Common_Message',
    json: { friend: { id: '7', name: b64('name \u263a'), rich_presence: { status: b64('online') }, appid: 480, lobby_id: '8' } },
  },
  { name: 'auth-ticket', type: 'Common_Message', json: { auth_ticket: { number: 4294967295, type: 'CANCEL' } } },
  { name: 'friend-messages-lobby-invite', type: 'Common_Message', json: { friend_messages: { type: 'LOBBY_INVITE', lobby_id: '0' } } },
  { name: 'friend-messages-game-invite', type: 'Common_Message', json: { friend_messages: { type: 'GAME_INVITE', connect_str: b64('+connect 10.0.0.1') } } },
  {
    name: 'network-old',
    type: 'Common_Message',
    json: { network_old: { type: 'DATA', connection_id: '12', connection_id_from: MAX64, port: 65535, data: '3q2+7w==' } },
  },
  {
    name: 'networking-sockets',
    type: 'Common_Message',
    json: {
      networking_sockets: {
        type: 'CONNECTION_ACCEPTED',
        virtual_port: -1,
        real_port: 2147483647,
        connection_id: '3',
        connection_id_from: '4',
        data: 'AA==',
        message_number: '18446744073709551614',
      },
    },
  },
  { name: 'platform-messages', type: 'Common_Message', json: { platform_messages: { type: 'FRIEND_CHAT', message: b64('hi') } } },
  { name: 'platform-messages-empty', type: 'Common_Message', json: { platform_messages: { message: '' } } },
  { name: 'networking-messages', type: 'Common_Message', json: { networking_messages: { type: 'DATA', channel: 1, id_from: 2, data: '/w==' } } },
  {
    name: 'app-ticket',
    type: 'PlatformAppTicket_pb',
    json: { ticket_version_no: 4, crc_encryptedticket: 3735928559, cb_encrypteduserdata: 16, cb_encrypted_appownershipticket: 200, encrypted_ticket: 'AQIDBAUGBwg=' },
  },
];

function protoc(args: string[], input?: string): Buffer {
  const r = spawnSync(PROTOC, [`-I${PROTO_DIR}`, ...args], { input });
  if (r.error) throw new Error(`cannot run ${PROTOC}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`protoc ${args.join(' ')} failed: ${r.stderr.toString('utf8')}`);
  return r.stdout;
}

/** Builds the golden file and the descriptor set with protoc. */
export function buildGolden(): { golden: GoldenFile; descriptorSet: Buffer } {
  const version = protocVersion();
  if (!version) throw new Error(`${PROTOC} is not installed (Debian package protobuf-compiler)`);
  const vectors = GOLDEN_INPUTS.map((v) => ({
    ...v,
    hex: toHex(new Uint8Array(protoc([`--encode=${v.type}`, PROTO_FILE], toText(peerSchema(), v.type, v.json)))),
  }));
  const dir = mkdtempSync(join(tmpdir(), 'conform-golden-'));
  let descriptorSet: Buffer;
  try {
    protoc([`--descriptor_set_out=${join(dir, 'peer.fds.binpb')}`, PROTO_FILE]);
    descriptorSet = readFileSync(join(dir, 'peer.fds.binpb'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { golden: { generator: `protoc --encode (${version})`, vectors }, descriptorSet };
}

export function readGolden(): GoldenFile {
  return JSON.parse(readFileSync(GOLDEN_PATH, 'utf8')) as GoldenFile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { golden, descriptorSet } = buildGolden();
  const text = `${JSON.stringify(golden, null, 2)}\n`;
  if (process.argv.includes('--check')) {
    const stale = readFileSync(GOLDEN_PATH, 'utf8') !== text || !readFileSync(DESCRIPTOR_SET_PATH).equals(descriptorSet);
    process.stdout.write(stale ? 'golden vectors are stale; run: npx tsx src/proto/golden.ts\n' : 'golden vectors are fresh\n');
    process.exitCode = stale ? 1 : 0;
  } else {
    mkdirSync(FIXTURES_DIR, { recursive: true });
    writeFileSync(GOLDEN_PATH, text);
    writeFileSync(DESCRIPTOR_SET_PATH, descriptorSet);
    process.stdout.write(`wrote ${golden.vectors.length} vectors to ${GOLDEN_PATH} and ${DESCRIPTOR_SET_PATH}\n`);
  }
}
