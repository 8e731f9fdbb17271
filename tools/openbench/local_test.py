# Run inside an OpenBench checkout by tools/openbench-local.sh, as
#   OB_ACTION=... python3 manage.py shell < local_test.py
# (OpenBench's own Django settings and models; nothing here is OpenBench's).
#
# OB_ACTION=user    the login the client and the browser use, enabled and an
#                   approver, so that its tests start without a second person.
# OB_ACTION=create  a fixed-games test of two local commits, made by
#                   OpenBench's own form code (create_new_test and every check
#                   in verify_workload), with the engine's presets filled in as
#                   the form's JavaScript does. Only the GitHub look-up is
#                   replaced: this instance cannot reach GitHub, so each
#                   commit's sha, bench and source archive come from the
#                   environment (the script serves the archive on loopback).
#                   Prints the test's id.
# OB_ACTION=status  "finished" or "running", then the test page's stat block.

import os
import sys

from django.contrib.auth.models import User
from django.test import RequestFactory

import OpenBench.templatetags.mytags as tags
import OpenBench.workloads.create_workload as create
import OpenBench.workloads.verify_workload as verify
from OpenBench.config import OPENBENCH_CONFIG
from OpenBench.models import LogEvent, Profile, Test

env = os.environ


def ensure_user():
    user = User.objects.filter(username=env['OB_USER']).first()
    if user is None:
        user = User.objects.create_user(env['OB_USER'], password=env['OB_PASSWORD'])
    profile, _ = Profile.objects.get_or_create(user=user)
    profile.enabled = profile.approver = True
    profile.save()
    return user


def local_commit(errors, request, field):
    """Stands in for verify_workload.collect_github_info: the same tuple,
    (source, branch, sha, bench, info), from the local repository."""
    prefix = 'OB_%s_' % field.upper()
    return (env[prefix + 'SOURCE'], env[prefix + 'NAME'], env[prefix + 'SHA'],
            int(env[prefix + 'BENCH']), env[prefix + 'INFO'])


def form(engine):
    """The POST the create-test form sends for engine's default and STC
    presets (both_* fills dev_* and base_*), with our overrides on top."""
    presets = OPENBENCH_CONFIG['engines'][engine]['test_presets']
    data = {
        'dev_engine': engine, 'base_engine': engine,
        'dev_repo': OPENBENCH_CONFIG['engines'][engine]['source'],
        'dev_network': '', 'base_network': '',
        'upload_pgns': 'FALSE', 'priority': '0', 'throughput': '1000',
        'syzygy_wdl': 'DISABLED', 'syzygy_adj': 'OPTIONAL',
        'scale_method': 'BASE', 'scale_nps': str(OPENBENCH_CONFIG['engines'][engine]['nps']),
        'test_bounds': '[0.00, 5.00]', 'test_confidence': '[0.05, 0.05]',
    }
    for name in ('default', 'STC'):
        for key, value in presets.get(name, {}).items():
            if key.startswith('both_'):
                data['dev_' + key[5:]] = data['base_' + key[5:]] = str(value)
            else:
                data[key] = str(value)
    data['base_repo'] = data['dev_repo']
    tc = env['OB_TC']
    data.update({
        'dev_branch': env['OB_DEV_NAME'], 'base_branch': env['OB_BASE_NAME'],
        'dev_bench': env['OB_DEV_BENCH'], 'base_bench': env['OB_BASE_BENCH'],
        'dev_time_control': tc, 'base_time_control': tc,
        'book_name': env['OB_BOOK'], 'test_mode': 'GAMES',
        'test_max_games': env['OB_GAMES'], 'info': env['OB_DEV_INFO'],
    })
    return data


def create_test():
    # An earlier run stopped halfway would leave its test for the client.
    for old in Test.objects.filter(author=env['OB_USER'], finished=False, deleted=False):
        old.deleted = True
        old.save()
        print('deleted unfinished test %d' % old.id, file=sys.stderr)
    request = RequestFactory().post('/test/new/', form(env['OB_ENGINE']))
    request.user = ensure_user()
    verify.collect_github_info = local_commit
    test, errors = create.create_new_test(request)
    if errors:
        sys.exit('OpenBench refused the test:\n' + '\n'.join(errors))
    # What create_workload does after create_new_test for an approver.
    LogEvent.objects.create(author=request.user.username, log_file='', test_id=test.id,
                            summary='CREATE P=%d TP=%d' % (test.priority, test.throughput))
    test.approved = True
    test.save()
    print(test.id)


def status():
    test = Test.objects.get(id=int(env['OB_TEST']))
    print('finished' if test.finished else 'running')
    print(tags.longStatBlock(test))


action = env['OB_ACTION']
if action == 'user':
    ensure_user()
elif action == 'create':
    create_test()
elif action == 'status':
    status()
else:
    sys.exit('unknown OB_ACTION %r' % action)
