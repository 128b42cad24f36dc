// CPU seconds per process while something runs: this Node process (the bench and, in the sync
// figure, main's services), a child server, and Chromium's processes by kind (browser — where
// IndexedDB runs —, renderer, GPU, utilities). Read from /proc (Linux); elsewhere only Node's own.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

export interface CpuSnapshot {
  node: number;
  /** CPU seconds per pid, with the kind of process. */
  processes: Map<number, { kind: string; seconds: number }>;
  /** The whole machine's busy CPU seconds so far, and those its hypervisor gave elsewhere (steal); null off Linux. */
  machine: { busy: number; steal: number } | null;
}

/** CPU seconds the machine spent on other work between two snapshots, and lost to its hypervisor. */
export interface OtherWork {
  otherProcesses: number;
  steal: number;
}

function machineSeconds(): CpuSnapshot['machine'] {
  try {
    // cpu  user nice system idle iowait irq softirq steal ...
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const ticks = [user, nice, system, irq, softirq, steal];
    if (ticks.some((tick) => tick === undefined || !Number.isFinite(tick))) return null;
    return { busy: (user! + nice! + system! + irq! + softirq!) / TICKS_PER_SECOND, steal: steal! / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

interface ProcInfo {
  pid: number;
  ppid: number;
  seconds: number;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

function kindOf(pid: number, named: ReadonlyMap<number, string>): string {
  const name = named.get(pid);
  if (name) return name;
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return 'other';
  }
  if (!/chrom/i.test(cmdline)) return 'other child';
  const type = /--type=(\S+)/.exec(cmdline)?.[1];
  if (!type) return 'Chromium browser';
  if (type === 'utility') return `Chromium utility (${/--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1]?.replace(/\.mojom\..*$/, '') ?? '?'})`;
  return `Chromium ${type}`;
}

/** This process's descendants (Chromium, child servers) and their CPU seconds so far. */
export function cpuSnapshot(named: ReadonlyMap<number, string> = new Map()): CpuSnapshot {
  const usage = process.cpuUsage();
  const snapshot: CpuSnapshot = { node: (usage.user + usage.system) / 1e6, processes: new Map(), machine: machineSeconds() };
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return snapshot;
  }
  const infos = pids.map(readProc).filter((info): info is ProcInfo => info !== null);
  const children = new Map<number, ProcInfo[]>();
  for (const info of infos) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  const stack = [...(children.get(process.pid) ?? [])];
  while (stack.length > 0) {
    const info = stack.pop()!;
    snapshot.processes.set(info.pid, { kind: kindOf(info.pid, named), seconds: info.seconds });
    stack.push(...(children.get(info.pid) ?? []));
  }
  return snapshot;
}

/**
 * CPU seconds spent between two snapshots, per kind of process. A process that started in between
 * counts from zero; one that exited in between is not seen (its seconds are missing).
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot, nodeLabel: string): Record<string, number> {
  const out: Record<string, number> = { [nodeLabel]: after.node - before.node };
  for (const [pid, { kind, seconds }] of after.processes) {
    const spent = seconds - (before.processes.get(pid)?.seconds ?? 0);
    if (spent > 0) out[kind] = (out[kind] ?? 0) + spent;
  }
  return out;
}

/**
 * What else the machine did between two snapshots: busy seconds not spent by the processes
 * measured (`ours`, from cpuBetween), and seconds its hypervisor ran other machines instead.
 */
export function otherWorkBetween(before: CpuSnapshot, after: CpuSnapshot, ours: Record<string, number>): OtherWork | null {
  if (!before.machine || !after.machine) return null;
  const mine = Object.values(ours).reduce((total, seconds) => total + seconds, 0);
  return {
    otherProcesses: Math.max(0, after.machine.busy - before.machine.busy - mine),
    steal: Math.max(0, after.machine.steal - before.machine.steal),
  };
}
