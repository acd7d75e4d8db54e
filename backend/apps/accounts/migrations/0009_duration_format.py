from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0008_week_start_and_clock_preferences'),
    ]

    operations = [
        migrations.AddField(
            model_name='user',
            name='duration_format',
            field=models.CharField(choices=[('hm', 'Hours and minutes'), ('decimal', 'Decimal hours')], db_default='hm', default='hm', max_length=8),
        ),
    ]
