"""Testee: Python protobuf (python3-protobuf), dynamic messages from the FileDescriptorSet
that protoc writes for proto/peer.proto, or from the descriptor set in the hello request of a
`conform proto --schema` run. Speaks the testee protocol on stdin/stdout: each frame is a
4-byte little-endian length and that many bytes of UTF-8 JSON."""
import base64
import json
import os
import struct
import sys

try:
    import google.protobuf
    from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory
    from google.protobuf.internal import api_implementation
except ImportError as e:  # reported by the runner as a skipped testee
    sys.stderr.write("python protobuf is not installed: %s\n" % e)
    sys.exit(4)

HERE = os.path.dirname(os.path.abspath(__file__))
# The descriptor set of proto/peer.proto: the first argument (conform passes it, wherever the package
# lives), else its place in the repository relative to this file.
FDS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "fixtures", "proto", "peer.fds.binpb")


def load_classes(schema=None):
    fds = descriptor_pb2.FileDescriptorSet()
    if schema is None:
        with open(FDS, "rb") as f:
            fds.ParseFromString(f.read())
    elif isinstance(schema.get("descriptor_set"), str):
        fds.ParseFromString(base64.b64decode(schema["descriptor_set"]))
    else:
        raise ValueError("no descriptor set for %s (protoc compiles it; is protoc installed?)" % schema.get("file"))
    pool = descriptor_pool.DescriptorPool()
    for file in fds.file:
        pool.Add(file)
    factory = message_factory.MessageFactory(pool)
    classes = {}

    def visit(desc):
        classes[desc.full_name] = factory.GetPrototype(desc)
        for nested in desc.nested_types:
            if not nested.GetOptions().map_entry:
                visit(nested)

    for file in fds.file:
        fd = pool.FindFileByName(file.name)
        for desc in fd.message_types_by_name.values():
            visit(desc)
    return classes


CLASSES = None
OPS = ["encode", "decode", "reencode"]


def answer(req):
    global CLASSES
    rid = req.get("id")
    op = req.get("op")
    if CLASSES is None:
        try:
            CLASSES = load_classes(req.get("schema") if op == "hello" else None)
        except Exception as e:  # noqa: BLE001 - reported in the hello answer
            return {"id": rid, "error": "cannot load the schema: %s: %s" % (type(e).__name__, e)}
    if op == "hello":
        return {"id": rid, "name": "python-protobuf", "version": "%s (%s)" % (google.protobuf.__version__, api_implementation.Type()), "ops": OPS}
    cls = CLASSES.get(req.get("type"))
    if cls is None:
        return {"id": rid, "error": "no message type %s" % req.get("type")}
    if op == "encode":
        try:
            msg = cls()
            json_format.ParseDict(req.get("json"), msg)
            return {"id": rid, "bytes": base64.b64encode(msg.SerializeToString()).decode("ascii")}
        except Exception as e:  # noqa: BLE001 - every failure is an answer
            return {"id": rid, "error": "%s: %s" % (type(e).__name__, e)}
    if op in ("decode", "reencode"):
        try:
            msg = cls()
            msg.ParseFromString(base64.b64decode(req.get("bytes", "")))
            if op == "decode":
                return {"id": rid, "json": json_format.MessageToDict(msg, preserving_proto_field_name=True)}
            return {"id": rid, "bytes": base64.b64encode(msg.SerializeToString()).decode("ascii")}
        except Exception as e:  # noqa: BLE001
            return {"id": rid, "parse_error": "%s: %s" % (type(e).__name__, e)}
    return {"id": rid, "skipped": "unknown op %s" % op}


def main():
    """Reads whatever is available, answers every complete frame in it, then writes once."""
    buf = bytearray()
    stdout = sys.stdout.buffer
    while True:
        chunk = os.read(0, 1 << 20)
        if not chunk:
            return
        buf += chunk
        out = bytearray()
        pos = 0
        while len(buf) - pos >= 4:
            (length,) = struct.unpack_from("<I", buf, pos)
            if len(buf) - pos - 4 < length:
                break
            body = bytes(buf[pos + 4 : pos + 4 + length])
            pos += 4 + length
            data = json.dumps(answer(json.loads(body.decode("utf-8"))), ensure_ascii=False).encode("utf-8")
            out += struct.pack("<I", len(data)) + data
        del buf[:pos]
        if out:
            stdout.write(out)
            stdout.flush()


if __name__ == "__main__":
    main()
