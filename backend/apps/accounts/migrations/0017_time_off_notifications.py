from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0016_real_presence'),
    ]

    operations = [
        migrations.AlterField(
            model_name='notification',
            name='kind',
            field=models.CharField(choices=[('added_to_project', 'Added to a project'), ('removed_from_project', 'Removed from a project'), ('added_to_list', 'Added to a task list'), ('removed_from_list', 'Removed from a task list'), ('activity_submitted', 'An activity was submitted'), ('activity_confirmed', 'Your activity was confirmed'), ('period_rejected', 'Your period was sent back'), ('correction_decided', 'Your correction was decided'), ('closing_reminder', 'Your period ends soon or is overdue'), ('approval_reminder', 'A period waits for your approval'), ('time_off_requested', 'Time off waits for your decision'), ('time_off_decided', 'Your time off was decided')], max_length=32),
        ),
    ]
