import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { HostsModule } from '../hosts/hosts.module';
import { ProjectsModule } from '../projects/projects.module';
import { ProposalsModule } from '../proposals/proposals.module';
import { ExportsController } from './exports.controller';

@Module({
  imports: [ProjectsModule, ProposalsModule, HostsModule, FilesModule],
  controllers: [ExportsController],
})
export class ExportsModule {}
