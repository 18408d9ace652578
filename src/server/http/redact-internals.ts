// What the server says about a failure to an API client or in its log never shows an internal
// address (a model endpoint, a database host or socket), a key or data from a request: vendor and
// driver messages are useful, but they name hosts, ports, paths and sometimes values.

const HOST = String.raw`[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*`;

const PATTERNS: readonly (readonly [RegExp, string])[] = [
  // URLs and origins: http://10.0.0.5:8787/v1beta, postgres://user:password@db:5432/recap
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)]*[^\s"'<>).,:;]/gi, '[address]'],
  // What a system call failed on, as Node words it (`<syscall> <code> <address>`): a hostname
  // without a port (getaddrinfo ENOTFOUND db.internal, getaddrinfo EAI_AGAIN db), a Unix socket
  // (connect ENOENT /var/run/postgresql/.s.PGSQL.5432), an address of any form.
  [/\b((?:getaddrinfo|connect|bind|listen|send|read|write|lookup|queryA{1,4}|querySrv)\s+E[A-Z][A-Z0-9_]+)\s+(?!\[address\])(?=[^\s"',;()]*[.:/])[^\s"',;()]+/g, '$1 [address]'],
  [/\b(ENOTFOUND|EAI_[A-Z]+)\s+(?!\[address\])[^\s"',;()]+/g, '$1 [address]'],
  // Unix sockets and file paths anywhere else: /tmp/.s.PGSQL.5432, /run/recap.sock, and the path
  // of a file error (ENOENT: no such file or directory, open '/srv/recap/exports/x.jsonl')
  [/(?<![\w/])\/[^\s"'<>]*(?:\.s\.PGSQL\.\d+|\.sock(?:et)?\b)/g, '[address]'],
  [/\b(E[A-Z]+: [^,\n]*, [a-z]+ )'[^'\n]*'/g, "$1'[path]'"],
  // IPv6, bracketed ([::1]:5432) or not (fd00::5:8080, ::1, ::ffff:10.0.0.5, fe80::1%eth0, or all
  // eight groups), then IPv4, with or without a port. An unbracketed one has a :: or eight groups,
  // so times (10:00:00) and host:port stay out of it.
  [/\[[0-9a-f:.]+(?:%\w+)?\](?::\d+)?/gi, '[address]'],
  [
    /(?<![\w:.])(?:(?:[0-9a-f]{1,4}:){1,7}|:):(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*(?:\.\d{1,3}){0,3})?(?:%\w+)?(?![\w:])|(?<![\w:.])(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}(?![\w:])/gi,
    '[address]',
  ],
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, '[address]'],
  // host:port (localhost:8787, db.internal:5432); a host has a letter, and a time (10:00:00,
  // 2026-03-01T10:00:00Z) is no address
  [new RegExp(String.raw`\b(?=[a-z0-9.-]*[a-z])${HOST}:\d{2,5}\b(?![:.]\d)`, 'gi'), '[address]'],
  // hosts of private networks, without a port: db.internal, pg.svc.cluster.local, nas.lan
  [new RegExp(String.raw`\b${HOST}\.(?:internal|local|localdomain|lan|intranet|corp|home\.arpa)\b`, 'gi'), '[address]'],
  // keys: Authorization headers, then each vendor's shape: Google (AIza…), OpenAI and Anthropic
  // (sk-…, sk-proj-…, sk-ant-…), Groq (gsk_…), xAI (xai-…), Hugging Face (hf_…), Perplexity
  // (pplx-…), Replicate (r8_…), GitHub (ghp_…, github_pat_…), AWS (AKIA…), JWTs, recap's own
  [/\bBearer\s+(?!\[key\])[^\s"']+/gi, 'Bearer [key]'],
  [/\bBasic\s+(?=[A-Za-z0-9+/=]*[0-9+/=])[A-Za-z0-9+/=]{8,}/g, 'Basic [key]'],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, '[key]'],
  [/\b(?:sk|xai|pplx)-[0-9A-Za-z_-]{16,}/g, '[key]'],
  [/\b(?:gsk|hf|r8|gh[pousr]|github_pat)_[0-9A-Za-z_]{16,}/g, '[key]'],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, '[key]'],
  [/\beyJ[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]+/g, '[key]'],
  [/\b(?:na1|eu1)?\.?rk_[0-9a-f]{16}_[0-9A-Za-z_-]+/g, '[key]'],
  // a secret by its name: password=…, secret=… (any length); key=…, api_key=…, access_token=…
  // (8 characters or more, so that key=1 in a message stays)
  [/\b([\w-]*(?:password|passwd|pwd|secret))=(?!\[key\])[^\s&"',;]+/gi, '$1=[key]'],
  [/\b([\w-]*(?:key|token|credential|signature|sig))=(?!\[key\])[^\s&"',;]{8,}/gi, '$1=[key]'],
  // values a database error quotes: Key (uid)=(alice); value "4294967296" is out of range for
  // type integer; invalid input syntax for type integer: "abc" (PostgreSQL quotes a value after
  // a colon, an identifier before one: relation "users" does not exist)
  [/\(([^()]*)\)=\(([^()]*)\)/g, '($1)=(…)'],
  [/\bvalue "[^"\n]*"/g, 'value "…"'],
  [/: "[^\n]*"/g, ': "…"'],
  // the bytes of text a database could not read: invalid byte sequence for encoding "UTF8": 0xe9 0x22
  [/\b0x[0-9a-f]{2}(?: 0x[0-9a-f]{2})*\b/gi, '0x…'],
];

/** `text` without internal addresses, socket and file paths, keys or quoted values. */
export function redactInternals(text: string): string {
  let redacted = text;
  for (const [pattern, replacement] of PATTERNS) redacted = redacted.replace(pattern, replacement);
  return redacted;
}
