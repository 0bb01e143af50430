#!/usr/bin/env python3
"""Writes tests/fixtures/rodimus-released/*/tensors.txt: the tensor names and
shapes a checkpoint of each released Rodimus config.json holds, as the
official RodimusForCausalLM.state_dict() has them (rodimus_ref.py's
rodimus_tensor_shapes, checked against the official code). `make test`
compares wm.h's tensor plan of the same config.json with it.

usage: /usr/bin/python3 tools/rodimus_released.py REFERENCE_DIR
  (REFERENCE_DIR holds rodimus_ref.py)"""
import json
import os
import sys


def main():
    if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], "rodimus_ref.py")):
        sys.exit(__doc__.strip())
    sys.path.insert(0, sys.argv[1])
    import rodimus_ref
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "rodimus-released")
    for name in sorted(os.listdir(root)):
        cfg = json.load(open(os.path.join(root, name, "config.json")))
        shapes = rodimus_ref.rodimus_tensor_shapes(cfg)
        n = sum(eval("*".join(map(str, s))) for s in shapes.values())
        with open(os.path.join(root, name, "tensors.txt"), "w") as f:
            f.write("# %d tensors, %d parameters (rodimus_ref.rodimus_tensor_shapes)\n" % (len(shapes), n))
            for k in sorted(shapes):
                f.write("%s %s\n" % (k, ",".join(map(str, shapes[k]))))
        print("%-24s %4d tensors %13d parameters" % (name, len(shapes), n))


if __name__ == "__main__":
    main()
