from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0018_shift_guardian'),
    ]

    operations = [
        migrations.AlterField(
            model_name='notification',
            name='kind',
            field=models.CharField(choices=[('added_to_project', 'Added to a project'), ('removed_from_project', 'Removed from a project'), ('added_to_list', 'Added to a task list'), ('removed_from_list', 'Removed from a task list'), ('activity_submitted', 'An activity was submitted'), ('activity_confirmed', 'Your activity was confirmed'), ('period_rejected', 'Your period was sent back'), ('correction_decided', 'Your correction was decided'), ('closing_reminder', 'Your period ends soon or is overdue'), ('approval_reminder', 'A period waits for your approval'), ('office_start_reminder', 'Not in the office by the scheduled start'), ('checkout_note_reminder', 'The checkout note is not written yet'), ('tracker_reminder', 'The tracker is still running'), ('morning_digest', 'The morning digest is ready'), ('shift_guardian', 'Still working?'), ('time_off_requested', 'Time off waits for your decision'), ('time_off_decided', 'Your time off was decided')], max_length=32),
        ),
    ]
