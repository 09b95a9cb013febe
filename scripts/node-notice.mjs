// `npm install` / `npm ci` run this (the root's postinstall) once the packages are in: one line when
// the Node running npm is older than the Node 24 the project brings, so nobody is left wondering.
const agent = /\bnode\/v(\d+)\.\S*/.exec(process.env.npm_config_user_agent ?? "");
if (agent && Number(agent[1]) < 24) {
  console.log(
    `npm runs on Node ${agent[0].slice(5)} here; the project brings Node ${process.versions.node.split(".")[0]} and every npm script runs on it (npx node for your own commands).`,
  );
}
