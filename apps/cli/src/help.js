// @ts-check
// The text of `flagpole --help` and of each command's `--help`.

const CONNECTION = `
Connection (every command that talks to a server):
  --url URL        server address (else FLAGPOLE_URL, else the one saved by \`flagpole login\`)
  --token TOKEN    API token issued by an administrator (else FLAGPOLE_TOKEN, else the saved one)
  --json           machine-readable output on stdout
  -h, --help       this help
`;

export const USAGE = `Usage: flagpole <command> [options]

Keeps a Flagpole game in step with a folder of challenges (ctfcli's challenge.yml or noCTF's noctf.yaml).

Commands:
  sync DIR --game ID     show the plan, then create, update and (with --prune) delete challenges
  verify DIR --game ID   exit 2 and print the drift when the game differs from the folder
  export --game ID DIR   write the game's challenges as a folder that sync reads back unchanged
  lint DIR               check every challenge file against the format's JSON Schema
  schema                 print the JSON Schema of challenge.yml (--format noctf for noctf.yaml)
  games                  list the games the token can edit
  whoami                 show who the token acts as
  login                  save a server address and token for the other commands
  rehearse --game ID ...  load-rehearse a game's opening (server with REHEARSAL=true) and write an HTML report

Run \`flagpole <command> --help\` for a command's options.
Exit status: 0 done, 1 error, 2 changes found by \`sync --dry-run\` or drift found by \`verify\`.
See docs/challenges-as-code.md.
`;

/** Each command's help, by command name. */
export const HELP = {
  sync: `Usage: flagpole sync DIR --game ID [--dry-run] [--prune] [--yes] [--json]

Reads every challenge.yml / noctf.yaml under DIR, prints the plan (create, update field by field, unchanged,
delete), asks for confirmation on a terminal, then applies it. Challenges are matched by name. Updates are
made in place: flags, hints and attachments change without deleting the challenge, so solves stay; an
attachment is uploaded only when its content changed. A second run finds nothing to do.

  --game ID     the game to sync (see \`flagpole games\`)
  --dry-run     print the plan only; exit 2 when there are changes, 0 when none
  --prune       delete challenges of the game that no file names (and their solves)
  -y, --yes     apply without asking (needed when not on a terminal)
${CONNECTION}`,
  verify: `Usage: flagpole verify DIR --game ID [--json]

Compares the game with DIR without changing anything. Exit 0 when they agree, 2 when the game has drifted
(the differences are printed), 1 on error. Challenges of the game that no file names count as drift.
${CONNECTION}`,
  export: `Usage: flagpole export --game ID DIR [--json]

Writes one folder per challenge under DIR (challenge.yml, attachment under files/). \`flagpole sync\` of DIR
then finds nothing to change.
${CONNECTION}`,
  lint: `Usage: flagpole lint DIR [--json]

Validates every challenge.yml / noctf.yaml under DIR against the JSON Schema of its format and checks the
files it names; each problem is printed as FILE:LINE:COLUMN: FIELD: MESSAGE. Exit 1 when any is found.
Needs no server.
  --json        problems as JSON
  -h, --help    this help
`,
  schema: `Usage: flagpole schema [--format ctfcli|noctf]

Prints the JSON Schema of challenge.yml (default) or noctf.yaml, for editors' completion. Needs no server.
`,
  games: `Usage: flagpole games [--json]

Lists the games the token can edit: id, title, hidden or not, start and end.
${CONNECTION}`,
  whoami: `Usage: flagpole whoami [--json]

Shows the user the token acts as and its role (sync, verify and export need Admin).
${CONNECTION}`,
  login: `Usage: flagpole login --url URL --token TOKEN

Checks the token against the server and saves both (in $XDG_CONFIG_HOME/flagpole/credentials.json, or
FLAGPOLE_CONFIG_DIR, readable by you only) for the other commands. The token may also come from
FLAGPOLE_TOKEN or, on a terminal, be typed when asked.
${CONNECTION}`,
  rehearse: `Usage: flagpole rehearse --game ID --teams N --minutes M --report FILE.html [--ramp S] [--planned P]

Replays an event's opening against a server started with REHEARSAL=true (refused otherwise): N teams register
and sign in over the ramp through the real endpoints (registration, sign-in, team, game entry), then for M
minutes open the challenge list, download attachments, submit right and wrong flags, watch the board and the
live channel. Reads /metrics meanwhile and writes one self-contained HTML report with a verdict. The run's
accounts and teams are removed at the end (Ctrl-C too); a killed command's are removed by the server when the
run's lease ends. Needs an Admin token (it reads the flags to submit right ones).

  --game ID            the game to rehearse (its entries must be accepted without review)
  --teams N            teams (one captain each) to bring in
  --minutes M          minutes of play after the ramp (decimals allowed)
  --ramp S             seconds over which the teams arrive (default 60)
  --think S            average seconds a player pauses between actions (default 2)
  --planned P          the planned field size the verdict speaks of (default N)
  --report FILE        the HTML report to write
  --metrics-token T    the server's METRICS_TOKEN (else FLAGPOLE_METRICS_TOKEN); without it no resources are read
${CONNECTION}`,
};
