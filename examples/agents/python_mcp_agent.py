#!/usr/bin/env python3
"""An agent for `toolgauge run --agent command:"python3 examples/agents/python_mcp_agent.py"`.

Python standard library only. toolgauge starts one process per conversation and gives it:
  TOOLGAUGE_MCP_URL         the episode's MCP server (Streamable HTTP, JSON-RPC over HTTP POST)
  TOOLGAUGE_EPISODE_ID      the conversation's id
  TOOLGAUGE_MODEL_BASE_URL  an OpenAI-compatible base URL toolgauge serves (when it does)
It reads one JSON object per line on stdin ({"type":"user",...} or {"type":"end"}) and writes
{"type":"reply","content":...} on stdout. Its model is any OpenAI-compatible server:
--model-base-url (default: TOOLGAUGE_MODEL_BASE_URL, else OPENAI_BASE_URL) and --model (default
`reference`, the model `toolgauge serve-reference` serves). Logs go to stderr.
"""
import argparse
import json
import os
import sys
import urllib.request

PROTOCOL_VERSION = "2025-06-18"
MAX_STEPS = 40


def log(*parts):
    print("python_mcp_agent:", *parts, file=sys.stderr, flush=True)


class McpClient:
    """A minimal MCP client: JSON-RPC 2.0 over HTTP POST, plain JSON replies, one session."""

    def __init__(self, url):
        self.url = url
        self.session = None
        self.next_id = 0

    def _post(self, payload):
        headers = {
            "content-type": "application/json",
            "accept": "application/json, text/event-stream",
        }
        if self.session:
            headers["mcp-session-id"] = self.session
            headers["mcp-protocol-version"] = PROTOCOL_VERSION
        request = urllib.request.Request(self.url, json.dumps(payload).encode(), headers, method="POST")
        with urllib.request.urlopen(request, timeout=300) as response:
            self.session = response.headers.get("mcp-session-id") or self.session
            body = response.read()
        return json.loads(body) if body else None

    def _request(self, method, params):
        self.next_id += 1
        return {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}

    def initialize(self):
        reply = self._post(self._request("initialize", {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "python_mcp_agent", "version": "1"},
        }))
        if "error" in reply:
            raise RuntimeError(f"initialize failed: {reply['error']}")
        self._post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def list_tools(self):
        reply = self._post(self._request("tools/list", {}))
        return reply["result"]["tools"]

    def call_tools(self, calls):
        """Calls several tools in one JSON-RPC batch (toolgauge runs them as one batch of parallel calls)."""
        batch = []
        for call in calls:
            function = call["function"]
            meta = {"toolgauge/call-id": call["id"]}
            try:
                arguments = json.loads(function.get("arguments") or "{}")
            except json.JSONDecodeError:
                arguments = None
            if not isinstance(arguments, dict):
                # Let toolgauge judge the model's text as the benchmark would (an unparsable-arguments error).
                meta["toolgauge/raw-arguments"] = function.get("arguments") or ""
                arguments = {}
            batch.append(self._request("tools/call", {"name": function["name"], "arguments": arguments, "_meta": meta}))
        replies = self._post(batch if len(batch) > 1 else batch[0])
        replies = replies if isinstance(replies, list) else [replies]
        by_id = {reply.get("id"): reply for reply in replies}
        texts = []
        for request in batch:
            reply = by_id.get(request["id"], {})
            if "result" in reply:
                texts.append("".join(part.get("text", "") for part in reply["result"].get("content", [])))
            else:
                texts.append(f"Error: {reply.get('error', {}).get('message', 'no answer')}")
        return texts


def chat(base_url, model, messages, tools):
    body = {"model": model, "temperature": 0, "messages": messages}
    if tools:
        body["tools"] = tools
        body["tool_choice"] = "auto"
    request = urllib.request.Request(
        base_url.rstrip("/") + "/chat/completions",
        json.dumps(body).encode(),
        {"content-type": "application/json", "authorization": "Bearer " + os.environ.get("OPENAI_API_KEY", "none")},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.loads(response.read())["choices"][0]["message"]


def answer(turn, mcp, tools, base_url, model):
    """Plays one user turn: model, tool calls through MCP, model again … until the model replies in text."""
    messages = list(turn["messages"])
    for _ in range(MAX_STEPS):
        message = chat(base_url, model, messages, tools)
        calls = message.get("tool_calls") or []
        if not calls:
            return message.get("content") or ""
        messages.append({"role": "assistant", "content": message.get("content"), "tool_calls": calls})
        for call, text in zip(calls, mcp.call_tools(calls)):
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": text})
    return ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="reference")
    parser.add_argument(
        "--model-base-url",
        default=os.environ.get("TOOLGAUGE_MODEL_BASE_URL") or os.environ.get("OPENAI_BASE_URL"),
    )
    args = parser.parse_args()
    if not args.model_base_url:
        sys.exit("python_mcp_agent: give --model-base-url (or set OPENAI_BASE_URL)")
    mcp = McpClient(os.environ["TOOLGAUGE_MCP_URL"])
    mcp.initialize()
    tools = [
        {"type": "function", "function": {
            "name": tool["name"], "description": tool.get("description", ""), "parameters": tool["inputSchema"],
        }}
        for tool in mcp.list_tools()
    ]
    for line in sys.stdin:
        if not line.strip():
            continue
        turn = json.loads(line)
        if turn["type"] == "end":
            return
        if turn["type"] == "user":
            reply = answer(turn, mcp, tools, args.model_base_url, args.model)
            sys.stdout.write(json.dumps({"type": "reply", "content": reply}) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
