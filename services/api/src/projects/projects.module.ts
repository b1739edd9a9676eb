import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CommentsController } from '../comments/comments.controller';
import { SubmitReadinessReader } from '../documents/submit-readiness';
import { PROJECT_COMMAND_HANDLERS } from './commands/project-command.handlers';
import { ProjectsController } from './projects.controller';
import { ProjectsReadModel } from './projects.read-model';
import { ProjectTimeline } from './project-timeline';
import { TimelineController } from './timeline.controller';
import { UsersModule } from '../users/users.module';

@Module({
  imports: [CqrsModule, UsersModule],
  controllers: [ProjectsController, TimelineController, CommentsController],
  providers: [
    ProjectsReadModel,
    ProjectTimeline,
    SubmitReadinessReader,
    ...PROJECT_COMMAND_HANDLERS,
  ],
  exports: [ProjectsReadModel, ProjectTimeline],
})
export class ProjectsModule {}
