#!/usr/bin/perl
# `perl scripts/reap-all.pl <command> [args...]`: runs the command and waits for it and for every
# process it started, even those whose parent did not wait for them, and exits with the command's
# code. scripts/cpu-time.mjs runs a step through it so that the step's CPU time counts them all.
#
# Why: a process's CPU time reaches its parent's count only when the parent waits for it. Chromium's
# renderer and GPU processes outlive their parents and were reaped by PID 1, so their CPU was lost:
# 2.0 CPU-s counted against 7.3 burnt for one page (26 Nov). As a "child subreaper" (Linux's prctl
# PR_SET_CHILD_SUBREAPER), this process becomes the parent of every orphaned descendant and reaps it.
# Perl because perl-base is on every Debian machine and can make the system call; Node cannot.
use strict;
use warnings;
use POSIX ();

my %prctlNumber = (x86_64 => 157, aarch64 => 167);
my $prctl = $prctlNumber{ (POSIX::uname())[4] };
my $PR_SET_CHILD_SUBREAPER = 36;
if (!defined $prctl || syscall($prctl, $PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
  warn "reap-all: cannot become a child subreaper here; processes orphaned by the step are not counted\n";
}

my $pid = fork() // die "reap-all: fork failed: $!\n";
if (!$pid) {
  exec { $ARGV[0] } @ARGV or do { warn "$ARGV[0] could not start: $!\n"; POSIX::_exit(127) };
}
# A terminal's Ctrl-C reaches the whole process group already; a TERM sent to this process is passed on.
$SIG{INT} = sub { };
$SIG{TERM} = sub { kill 'TERM', $pid };

my $status;
while (1) {
  my $done = waitpid(-1, 0);
  if ($done == -1) { next if $!{EINTR}; last }
  if ($done == $pid) { $status = $?; last }
}

# Orphans still ending (Chromium's processes close a moment after the browser): reap them for up
# to 15 s, then name those still running, whose CPU from then on is not counted.
my $deadline = time + 15;
while (1) {
  my $done = waitpid(-1, POSIX::WNOHANG());
  last if $done == -1 && !$!{EINTR};
  next if $done > 0;
  last if time >= $deadline;
  select(undef, undef, undef, 0.1);
}
my @left;
for my $stat (glob '/proc/[0-9]*/stat') {
  open(my $fh, '<', $stat) or next;
  my $line = <$fh> // next;
  close $fh;
  my ($child, $name, $parent) = $line =~ /^(\d+) \((.*)\) \S+ (\d+)/ or next;
  push @left, "$child ($name)" if $parent == $$;
}
warn "reap-all: still running after the step, not counted from here: @left\n" if @left;

$status //= 1 << 8;
exit(($status & 127) ? 128 + ($status & 127) : $status >> 8);
