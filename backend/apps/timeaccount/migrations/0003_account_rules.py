import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0016_real_presence'),
        ('timeaccount', '0002_time_off'),
    ]

    operations = [
        migrations.CreateModel(
            name='AccountRules',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('year_end', models.CharField(choices=[('carry_all', 'Carry over all'), ('cap', 'Carry over at most the cap'), ('reset', 'Start every year at zero')], default='carry_all', max_length=10)),
                ('cap_seconds', models.PositiveIntegerField(blank=True, null=True)),
                ('holiday_work', models.CharField(choices=[('counts', 'Counts normally'), ('flagged', 'Counts and is flagged')], default='counts', max_length=10)),
                ('workspace', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='time_account_rules', to='accounts.workspace')),
            ],
            options={
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('cap_seconds__isnull', False), ('year_end', 'cap')), models.Q(models.Q(('year_end', 'cap'), _negated=True), ('cap_seconds__isnull', True)), _connector='OR'), name='cap_only_with_cap_rule')],
            },
        ),
    ]
