#!/usr/bin/env python3
"""Cross-checks build/wm against the float64 reference on checkpoints no test
has seen: for each config below, `wm random` writes a checkpoint, the
reference (wm_ref.py; mcsd_ref.py, rodimus_ref.py; run with PyTorch) computes its
logits, and `wm logits` must match them within 1e-4 * (1 + max|ref|), by
prefill and by decode.

usage: tools/crosscheck.py REFERENCE_DIR [--seeds N] [--only NAME_PREFIX]

Needs what the repository does not ship: REFERENCE_DIR with the float64
references of the model types, `wm_ref.py`, `mcsd_ref.py` and `rodimus_ref.py`, and their
safetensors reader `st.py` (the project's shared reference directory), and PyTorch
(Debian: apt-get install python3-torch). Build build/wm first (make).
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    import torch
except ImportError:
    sys.exit("crosscheck: needs PyTorch (apt-get install python3-torch)")


def cheems(**kw):
    cfg = {"model_type": "cheems", "vocab_size": 300, "hidden_size": 48, "intermediate_size": 80,
           "hidden_act": "silu", "rms_norm_eps": 1e-6, "max_position_embeddings": 64,
           "rope_theta": 10000.0, "rope_scaling": None, "tie_word_embeddings": True,
           "layers_type": ["ssd", "attn", "ssd", "none"], "ssd_num_heads": 4, "ssd_num_groups": 2,
           "ssd_state_size": 8, "ssd_chunk_size": 5, "num_attention_heads": 3, "num_inner_values": 10,
           "inner_values_retrieval_size": 12, "inner_values_topk": 3, "num_cdmoe_experts": 49,
           "num_cdmoe_heads": 3, "num_cdmoe_experts_per_head": 3, "expert_retrieval_size": 10,
           "cdmoe_form": "parallel"}
    cfg.update(kw)
    cfg["num_hidden_layers"] = len(cfg["layers_type"])
    cfg.setdefault("state_type", ["cdmoe"] * cfg["num_hidden_layers"])
    return cfg


def doge(**kw):
    cfg = {"model_type": "doge", "vocab_size": 300, "hidden_size": 48, "intermediate_size": 72,
           "num_hidden_layers": 3, "num_attention_heads": 6, "num_key_value_heads": 2, "head_dim": 10,
           "max_position_embeddings": 64, "keep_window_size": 6, "sliding_window": None, "is_moe": False,
           "rms_norm_eps": 1e-6, "hidden_act": "silu", "tie_word_embeddings": False,
           "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0}}
    cfg.update(kw)
    return cfg


def mamba2(**kw):
    cfg = {"model_type": "mamba2", "vocab_size": 300, "hidden_size": 48, "num_hidden_layers": 3,
           "num_heads": 8, "head_dim": 12, "state_size": 10, "n_groups": 4, "expand": 2, "conv_kernel": 3,
           "chunk_size": 7, "layer_norm_epsilon": 1e-5, "use_bias": True, "use_conv_bias": True,
           "tie_word_embeddings": False, "time_step_limit": [0.02, 0.35]}
    cfg.update(kw)
    return cfg


def mcsd(**kw):
    cfg = {"model_type": "mcsd", "vocab_size": 300, "hidden_size": 48, "num_channels": 4, "num_hidden_layers": 3,
           "intermediate_size": 72, "hidden_act": "gelu", "rms_norm_eps": 1e-6, "mcsd_fusion": "add",
           "slope_exponent": 8.0, "decay_exponent_offset": 5.0, "tie_word_embeddings": True}
    cfg.update(kw)
    return cfg


def rodimus(**kw):
    mixer = {"d_conv": 4, "expand_ratio": 2, "mem_size": 16, "input_gate_low_rank": "auto"}
    mixer.update(kw.pop("mixer_cfg", {}))
    cfg = {"model_type": "rodimus", "block_type": "rodimus", "vocab_size": 300, "d_model": 48, "n_layer": 3,
           "norm_epsilon": 1e-5, "tie_word_embeddings": True, "mixer_cfg": mixer}
    cfg.update(kw)
    return cfg


CASES = [
    ("cheems ssd/attn/none, chunk 5, topk 3", cheems()),
    ("cheems sequential, biases, untied, mlp", cheems(cdmoe_form="sequential", hidden_bias=True,
                                                      tie_word_embeddings=False, state_type=["mlp", "cdmoe", "cdmoe", "mlp"])),
    ("cheems 4 groups, ssd_head_dim 9, gelu", cheems(ssd_num_groups=4, ssd_head_dim=9, hidden_act="gelu",
                                                     layers_type=["ssd", "ssd", "attn"])),
    ("cheems linear rope, relu", cheems(rope_scaling={"rope_type": "linear", "factor": 3.0}, hidden_act="relu")),
    ("cheems dynamic rope past its window", cheems(rope_scaling={"rope_type": "dynamic", "factor": 2.0,
                                                                 "original_max_position_embeddings": 16})),
    ("doge GQA 6/2, head_dim 10, keep 6", doge()),
    ("doge MoE 81 experts top 5, sliding 7, bias", doge(is_moe=True, num_experts=81, num_experts_per_tok=5,
                                                        sliding_window=7, attention_bias=True, norm_topk_prob=True,
                                                        tie_word_embeddings=True)),
    ("doge dynamic rope past its window", doge(rope_parameters={"rope_type": "dynamic", "factor": 2.0,
                                                                "rope_theta": 500.0,
                                                                "original_max_position_embeddings": 16})),
    ("mamba2 8 heads / 4 groups, conv 3, chunk 7, biases, dt clamp", mamba2()),
    ("mamba2 1 group, tied, chunk 64", mamba2(n_groups=1, chunk_size=64, tie_word_embeddings=True, use_bias=False)),
    ("rodimus d 48, inner 96, memory 16, rank 16, conv 4, tied", rodimus()),
    ("rodimus expand 1.5, memory 8, rank 5, conv 3, k-eps 1e-6, untied", rodimus(
        mixer_cfg={"d_conv": 3, "expand_ratio": 1.5, "mem_size": 8, "input_gate_low_rank": 5, "normalize_epsilon": 1e-6},
        tie_word_embeddings=False)),
    ("rodimus embedding scale sqrt(8) and RMSNorm, rank \"12\"", rodimus(
        mixer_cfg={"mem_size": 8, "input_gate_low_rank": "12"}, use_scale_embedding=True, use_norm_embedding=True)),
    ("rodimus+ H 4 / Hk 1 / Hv 4, window 16 (8 keys back), NeoX", rodimus(
        block_type="rodimus_plus", mixer_cfg={"normalize_epsilon": 1e-5},
        attn_cfg={"num_heads": 4, "num_heads_k": 1, "num_heads_v": 4, "window_size": 16})),
    ("rodimus+ QK-norm, xPos, interleaved rotary 6 of 12, Hv 2", rodimus(
        block_type="rodimus_plus", max_position_embeddings=64, use_scale_embedding=True,
        attn_cfg={"num_heads": 4, "num_heads_k": 1, "num_heads_v": 2, "window_size": 7, "softmax_scale": "norm",
                  "rotary_emb_dim": 6, "rotary_emb_interleaved": True, "rotary_emb_scale_base": 32.0,
                  "rotary_emb_base": 500.0, "ffn_expand_ratio": 2.5})),
    ("rodimus+ no window, no rotary, Hk 2, untied", rodimus(
        block_type="rodimus_plus", tie_word_embeddings=False,
        attn_cfg={"num_heads": 4, "num_heads_k": 2, "num_heads_v": 4, "window_size": None, "rotary_emb_dim": 0})),
    ("rodimus+ window 1 (itself only), d_conv 1, 16 heads", rodimus(
        block_type="rodimus_plus", mixer_cfg={"d_conv": 1}, d_model=64,
        attn_cfg={"num_heads": 16, "num_heads_k": 1, "num_heads_v": 16, "window_size": 1, "softmax_scale": "norm"})),
    ("mcsd 4 channels of 12, add, gelu", mcsd()),
    ("mcsd 6 channels of 8, concat + o_proj, silu, untied", mcsd(num_channels=6, mcsd_fusion="concat", hidden_act="silu",
                                                               tie_word_embeddings=False, slope_exponent=3.0,
                                                               decay_exponent_offset=2.0)),
]


def read_f32(path):
    return torch.frombuffer(bytearray(open(path, "rb").read()), dtype=torch.float32).double()


def main():
    if len(sys.argv) < 2 or not os.path.isfile(os.path.join(sys.argv[1], "wm_ref.py")) \
            or not os.path.isfile(os.path.join(sys.argv[1], "st.py")):
        sys.exit(__doc__.strip() + "\n\ncrosscheck: REFERENCE_DIR must hold wm_ref.py and st.py")
    refdir = sys.argv[1]
    seeds = int(sys.argv[sys.argv.index("--seeds") + 1]) if "--seeds" in sys.argv else 2
    sys.path.insert(0, refdir)
    import wm_ref
    import mcsd_ref
    import rodimus_ref
    from st import load_file
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
    wm = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "wm")
    T = 30
    bad = 0
    for name, cfg in CASES:
        if not name.startswith(only):
            continue
        ref_mod = {"mcsd": mcsd_ref, "rodimus": rodimus_ref}.get(cfg["model_type"], wm_ref)
        for seed in range(seeds):
            with tempfile.TemporaryDirectory() as d:
                cfgp = os.path.join(d, "config.json")
                json.dump(cfg, open(cfgp, "w"))
                mdir = os.path.join(d, "m")
                subprocess.run([wm, "random", cfgp, mdir, "--seed", str(seed)], check=True)
                w = {k: v.double() for k, v in load_file(os.path.join(mdir, "model.safetensors")).items()}
                g = torch.Generator().manual_seed(seed)
                ids = torch.randint(0, cfg["vocab_size"], (T,), generator=g)
                wm_ref.MARGINS.min = float("inf")
                ref = ref_mod.forward(cfg, w, ids)
                margin = wm_ref.MARGINS.min
                sc = cfg.get("rope_scaling") or cfg.get("rope_parameters") or {}
                decode_eq = sc.get("rope_type") != "dynamic"
                tol = 1e-4 * (1 + ref.abs().max().item())
                line = "%-58s seed %d" % (name, seed)
                for mode in ["prefill"] + (["decode"] if decode_eq else []):
                    out = os.path.join(d, "o.bin")
                    args = [wm, "logits", mdir, "--ids", ",".join(map(str, ids.tolist())), "--out", out]
                    subprocess.run(args + (["--decode"] if mode == "decode" else []), check=True)
                    err = (read_f32(out).view(T, -1) - ref).abs().max().item()
                    ok = err <= tol
                    if not ok and margin < 2e-4:
                        line += "  %s err %.2e (top-k near-tie %.1e: float32 may pick another expert)" % (mode, err, margin)
                        continue
                    bad += not ok
                    line += "  %s %.2e/%.2e %s" % (mode, err, tol, "ok" if ok else "FAIL")
                print(line)
    print("crosscheck:", "all within tolerance" if not bad else "%d FAILED" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
