"""The read stamps of the accounts tables (apps/core/readstamps.py explains the mechanism):
- `t:<the token's digest, its first 32 hex digits>` (a key holds at most 64 characters): the token's row, its user's row and the user's workspace's row, what
  authentication keeps per process (apps/accounts/authentication.py): a token deleted or touched,
  its user saved or deleted, the workspace saved;
- `s:<workspace>`: the workspace's members, part of the teammates strip (apps/work/strip.py; the
  strip's other tables are covered by work's migration 0007);
- `p:<viewer>`: the viewer's pins of the strip.
"""

from django.db import migrations

from apps.core.readstamps import RowKeys, stamp_triggers


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_read_stamps"),
        ("accounts", "0006_encrypted_integration_configs"),
    ]

    operations = [
        stamp_triggers(
            RowKeys("accounts_authtoken", "PERFORM ro_stamp_touch('t:' || left({row}.digest, 32))"),
            RowKeys(
                "accounts_user",
                "PERFORM ro_stamp_touch('s:' || {row}.workspace_id);\n"
                "  PERFORM ro_stamp_touch('t:' || left(digest, 32)) FROM accounts_authtoken WHERE user_id = {row}.id",
            ),
            RowKeys(
                "accounts_workspace",
                "PERFORM ro_stamp_touch('t:' || left(t.digest, 32)) FROM accounts_authtoken t"
                " JOIN accounts_user u ON u.id = t.user_id WHERE u.workspace_id = {row}.id",
                on=("UPDATE", "DELETE"),
            ),
            RowKeys("accounts_teammatepin", "PERFORM ro_stamp_touch('p:' || {row}.viewer_id)"),
        ),
    ]
