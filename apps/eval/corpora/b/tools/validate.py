import json, collections
d = json.load(open('/work/corpus-b/requests.json'))
ids = [r['id'] for r in d]
assert len(ids) == len(set(ids)), 'dup ids'
kinds = {'number', 'paths', 'strings', 'text', 'json', 'hits'}
for r in d:
    for k in ('id', 'tree', 'category', 'request', 'gold', 'how', 'accept'): assert k in r, (r['id'], k)
    assert r['gold']['kind'] in kinds and 'value' in r['gold'], r['id']
    for a in r['accept']:
        assert a['kind'] in kinds and 'value' in a and a.get('how') and a.get('reading'), r['id']
    if r['gold']['kind'] == 'hits': assert all(set(h) == {'file', 'line'} for h in r['gold']['value'])
    if r['gold']['kind'] in ('paths',): assert all(not p.startswith('./') for p in r['gold']['value'])
reqs = [r['request'].lower() for r in d]
assert len(reqs) == len(set(reqs)), 'dup request text'
c = collections.Counter(r['tree'] for r in d); print('per tree', dict(c))
assert all(v >= 60 for v in c.values())
cc = collections.Counter((r['tree'], r['category']) for r in d)
for cat in sorted({r['category'] for r in d}):
    print(f"{cat:14s} fastify={cc[('fastify',cat)]:3d} date-fns={cc[('date-fns',cat)]:3d}")
empty = [r['id'] for r in d if r['gold']['value'] in ([], 0)]
print('empty/zero golds:', empty, f'{len(empty)/len(d):.1%}')
print('entries with accept:', sum(1 for r in d if r['accept']))
print('OK')
