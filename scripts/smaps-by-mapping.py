#!/usr/bin/env python3
# smaps-by-mapping.py SMAPS: sums the resident memory (Rss) of /proc/PID/smaps by what holds it:
# the Go heap, the game binary, the software GL driver (Mesa llvmpipe: libLLVM, its libraries,
# its malloc arenas and large malloc blocks), other libraries. docs/PERFORMANCE.md "Memory".
import sys, re, collections
cur=None; agg=collections.Counter()
for line in open(sys.argv[1]):
    m=re.match(r'^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$', line)
    if m:
        s=int(m.group(1),16); e=int(m.group(2),16); name=m.group(4).strip(); size=e-s
        if name:
            if 'libLLVM' in name: k='GL: libLLVM (llvmpipe JIT compiler code)'
            elif 'dri' in name or 'mesa' in name.lower() or 'libGL' in name or 'libEGL' in name or 'glapi' in name: k='GL: Mesa driver libraries and shader cache'
            elif name.startswith('/') and 'nimmt' in name: k='the game binary'
            elif name=='[heap]': k='C heap (brk)'
            elif name.startswith('['): k='other '+name
            else: k='other shared libraries'
        # Go 1.26 places its heap arenas at a random address between 4 GiB and the mmap area
        # (seen at 0xc3_5640_0000 and above 0x100_0000_0000).
        elif 0x100000000 <= s < 0x7f0000000000: k='Go heap'
        elif s % (64<<20)==0 and size>=(1<<20): k='GL: malloc thread arenas (llvmpipe)'
        elif size >= (1<<20)+4096 and s>=0x7f0000000000: k='GL: large malloc blocks (textures, vertex buffers)'
        else: k='small anonymous (thread stacks, Go runtime, libraries\' data)'
        cur=k; continue
    if line.startswith('Rss:') and cur: agg[cur]+=int(line.split()[1])
tot=sum(agg.values()); gl=sum(v for k,v in agg.items() if k.startswith('GL'))
print('| total RSS | %.1f MiB |' % (tot/1024))
for k,v in agg.most_common(): print('| %s | %.1f MiB |'%(k,v/1024))
print('| of which the software GL driver | %.1f MiB |'%(gl/1024))
